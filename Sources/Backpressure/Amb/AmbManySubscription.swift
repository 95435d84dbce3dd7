import OpenCombineShim

/// The subscription behind `Publishers.AmbMany`: it runs the race among any number of
/// publishers for one downstream.
///
/// It is `AmbSubscription` with an array of sinks instead of two named ones: demand
/// goes to every sink still in the race, the first event decides it under the lock, and
/// the losers are cancelled outside the lock. The same reference cycle (the sinks'
/// closures hold this subscription) is broken on every way out.
final class AmbManySubscription<Upstream: Publisher, Downstream: Subscriber>: Subscription, CustomStringConvertible
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    private let lock = Lock()
    private let buffer: DemandBuffer<Downstream>
    /// One slot per publisher; a slot is emptied when its sink leaves the race.
    private var sinks: [Sink<Upstream>?] = []
    private var winner: Int?

    init(downstream: Downstream) {
        buffer = DemandBuffer(downstream: downstream)
    }

    var description: String { "Amb" }

    /// Gives the downstream its subscription, then subscribes to each publisher in turn,
    /// skipping those already out of the race (decided, or cancelled).
    func start(_ publishers: [Upstream]) {
        let sinks = publishers.indices.map(makeSink(for:))
        lock.withLock { self.sinks = sinks }
        buffer.start(with: self)
        for (index, publisher) in publishers.enumerated() {
            guard let sink = lock.withLock({ self.sinks.isEmpty ? nil : self.sinks[index] }) else { continue }
            publisher.subscribe(sink)
        }
    }

    func request(_ demand: Subscribers.Demand) {
        let extra = buffer.request(demand)
        let sinks = lock.withLock { self.sinks }
        for sink in sinks {
            sink?.request(demand + extra)
        }
    }

    func cancel() {
        let sinks: [Sink<Upstream>?] = lock.withLock {
            defer { self.sinks = [] }
            return self.sinks
        }
        buffer.cancel()
        for sink in sinks {
            sink?.cancel()
        }
    }

    private func makeSink(for index: Int) -> Sink<Upstream> {
        .racing(
            into: buffer,
            decide: { [self] in decide(index) },
            afterCompletion: { [self] in lock.withLock { sinks = [] } })
    }

    /// Records `index` as the winner if the race is still open, and cancels the others.
    /// - Returns: whether `index` is the winner.
    private func decide(_ index: Int) -> Bool {
        let (isWinner, losers): (Bool, [Sink<Upstream>?]) = lock.withLock {
            if let winner { return (winner == index, []) }
            winner = index
            guard !sinks.isEmpty else { return (true, []) } // Cancelled meanwhile.
            var losers = sinks
            losers[index] = nil
            for loser in sinks.indices where loser != index {
                sinks[loser] = nil
            }
            return (true, losers)
        }
        for loser in losers { // Outside the lock: cancelling may call back into us.
            loser?.cancel()
        }
        return isWinner
    }
}
