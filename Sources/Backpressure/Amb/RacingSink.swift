import OpenCombineShim

extension Sink {
    // [excerpt: racing]
    /// The sink for one side of a race, as `AmbSubscription` and `AmbManySubscription` put
    /// in front of each upstream.
    ///
    /// Its first event, a value or a completion, asks `decide` whether this side has won.
    /// A winner's events go to `buffer`; a loser's are dropped (`decide` cancels the
    /// losers). After delivering the winner's completion it calls `afterCompletion`, for
    /// the subscription to let go of its sinks.
    static func racing<Downstream: Subscriber>(
        into buffer: DemandBuffer<Downstream>,
        decide: @escaping () -> Bool,
        afterCompletion: @escaping () -> Void
    ) -> Sink where Downstream.Input == Input, Downstream.Failure == Failure {
        let race = RaceFlag()
        return Sink(
            receiveValue: { value in
                if !race.hasWon {
                    guard decide() else { return .none }
                    race.hasWon = true
                }
                return buffer.receive(value)
            },
            receiveCompletion: { completion in
                guard race.hasWon || decide() else { return }
                buffer.receive(completion: completion)
                afterCompletion()
            }
        )
    }
    // [/excerpt]
}

/// Whether one side of a race has won it, as that side's own sink remembers it.
///
/// Only that side's upstream reads and writes it, and an upstream sends serially, so once
/// its sink has seen the race decided in its favour it can skip the lock-protected
/// decision on every later value. A captured `var` would do the same job, but each access
/// to one is checked for exclusivity at run time; here no two accesses can ever overlap,
/// and the check would sit on every value's path.
private final class RaceFlag {
    @exclusivity(unchecked) var hasWon = false
}
