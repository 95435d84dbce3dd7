import OpenCombineShim

/// The subscription behind `Publishers.Amb`: it runs the race for one downstream.
///
/// Until the race is decided, the downstream's demand is passed to both sides, so that
/// each may send; afterwards only to the winner. The decision is made under the lock by
/// the first event to arrive, so two sides sending at the same moment from two threads
/// still produce exactly one winner. The loser is cancelled outside the lock, right away.
///
/// It owns its two sinks, and their closures hold it: a reference cycle on purpose,
/// broken on every way out (the loser when the race is decided, both sinks on
/// completion and on cancel). Holding it weakly instead would put a weak-reference load
/// on every value and move its reference counting to a slower side table.
final class AmbSubscription<First: Publisher, Second: Publisher, Downstream: Subscriber>:
    Subscription, CustomStringConvertible
where First.Output == Second.Output, First.Failure == Second.Failure,
      Downstream.Input == First.Output, Downstream.Failure == First.Failure {
    private enum Side { case first, second }

    private let lock = Lock()
    private let buffer: DemandBuffer<Downstream>
    // The lock guards these, so Swift's run-time exclusivity checks (one per access of a
    // class's property) would only repeat its work.
    @exclusivity(unchecked) private var firstSink: Sink<First>?
    @exclusivity(unchecked) private var secondSink: Sink<Second>?
    @exclusivity(unchecked) private var winner: Side?

    init(downstream: Downstream) {
        buffer = DemandBuffer(downstream: downstream)
    }

    var description: String { "Amb" }

    /// Gives the downstream its subscription, then subscribes to both sides.
    ///
    /// The downstream hears about the subscription first, so that a side that completes
    /// as soon as it is subscribed (like `Empty`) can't complete a downstream that has no
    /// subscription yet. If the first side decides the race while being subscribed, the
    /// second is never subscribed at all. The publishers are not kept: once subscribed,
    /// they are the sinks' business.
    func start(first: First, second: Second) {
        let firstSink = makeSink(for: .first, of: First.self)
        let secondSink = makeSink(for: .second, of: Second.self)
        lock.withLock {
            self.firstSink = firstSink
            self.secondSink = secondSink
        }
        buffer.start(with: self)
        first.subscribe(firstSink)
        // A decided race, or a cancel, has already let go of the second sink.
        if lock.withLock({ self.secondSink != nil }) {
            second.subscribe(secondSink)
        }
    }

    // The sinks are read with the lock taken by hand: out of `withLock`, the pair would be a
    // generic tuple, whose type this unspecialised code looks up at run time on every request
    // (the performance notes).
    func request(_ demand: Subscribers.Demand) {
        let extra = buffer.request(demand)
        lock.lock()
        let firstSink = self.firstSink, secondSink = self.secondSink
        lock.unlock()
        // Before the decision both sinks are set; after it, only the winner's.
        firstSink?.request(demand + extra)
        secondSink?.request(demand + extra)
    }

    func cancel() {
        let (firstSink, secondSink) = lock.withLock { () -> (Sink<First>?, Sink<Second>?) in
            defer { self.firstSink = nil; self.secondSink = nil }
            return (self.firstSink, self.secondSink)
        }
        buffer.cancel()
        firstSink?.cancel()
        secondSink?.cancel()
    }

    private func makeSink<Upstream: Publisher>(for side: Side, of _: Upstream.Type) -> Sink<Upstream>
    where Upstream.Output == Downstream.Input, Upstream.Failure == Downstream.Failure {
        .racing(into: buffer, decide: { [self] in decide(side) }, afterCompletion: { [self] in releaseSinks() })
    }

    private func releaseSinks() {
        lock.withLock {
            firstSink = nil
            secondSink = nil
        }
    }

    /// Records `side` as the winner if the race is still open.
    /// - Returns: whether `side` is the winner.
    private func decide(_ side: Side) -> Bool {
        let (isWinner, loser): (Bool, Cancellable?) = lock.withLock {
            if let winner { return (winner == side, nil) }
            winner = side
            // Take the loser's sink out, to cancel it once the lock is released.
            let losingSink: Cancellable?
            switch side {
            case .first:
                losingSink = secondSink
                secondSink = nil
            case .second:
                losingSink = firstSink
                firstSink = nil
            }
            return (true, losingSink)
        }
        loser?.cancel() // Outside the lock: cancelling may call back into us.
        return isWinner
    }
}
