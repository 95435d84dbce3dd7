import Foundation
import OpenCombineShim

/// The subscription behind `PlainAmb`: it runs the race for one downstream.
///
/// The plain version of the library's `AmbSubscription`, to read first: the same behaviour
/// (the tests run both), with one `NSLock`, a `PlainSink` in front of each side and a
/// `PlainDemandBuffer` in front of the downstream.
/// - Until the race is decided, the downstream's demand goes to both sides, so that either
///   may send; afterwards only to the winner.
/// - The first event from either side, a value or a completion, decides the race. It is
///   decided under the lock, so two sides sending at once from two threads still make
///   exactly one winner.
/// - The loser is cancelled at once, outside the lock.
///
/// It holds its two sinks, and their closures hold it: a cycle on purpose, broken on every
/// way out (the loser's sink when the race is decided, both on completion and on cancel).
final class PlainAmbSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible {
    // [excerpt: state]
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure
    /// Both sides send the same values, so their sinks are of one type.
    typealias Sink = PlainSink<Output, Failure>
    private enum Side { case first, second }

    private let lock = NSLock()
    /// The gate in front of the downstream: demand, a queue, one delivering caller at a time.
    private let buffer: PlainDemandBuffer<Downstream>
    /// One sink per side; nil once that side is out of the race, or the race is over.
    private var firstSink: Sink?
    private var secondSink: Sink?
    /// The side that sent first; nil while the race is open.
    private var winner: Side?
    // [/excerpt]

    init(downstream: Downstream) {
        buffer = PlainDemandBuffer(downstream: downstream)
    }

    var description: String { "PlainAmb" }

    // [excerpt: start]
    /// Gives the downstream its subscription, then subscribes to both sides.
    ///
    /// The downstream hears of its subscription first, so that a side that completes while
    /// it is being subscribed (an `Empty`) cannot complete a downstream that has none yet.
    /// If the first side decides the race then, the second is never subscribed at all.
    func start<First: Publisher, Second: Publisher>(first: First, second: Second)
    where First.Output == Output, First.Failure == Failure, Second.Output == Output, Second.Failure == Failure {
        let firstSink = makeSink(for: .first)
        let secondSink = makeSink(for: .second)
        lock.lock()
        self.firstSink = firstSink
        self.secondSink = secondSink
        lock.unlock()
        buffer.start(with: self)
        first.subscribe(firstSink)
        lock.lock()
        let secondStillRaces = self.secondSink != nil // Not if the race was decided, or cancelled.
        lock.unlock()
        if secondStillRaces { second.subscribe(secondSink) }
    }
    // [/excerpt]

    // [excerpt: request]
    func request(_ demand: Subscribers.Demand) {
        let extra = buffer.request(demand)
        lock.lock()
        let firstSink = self.firstSink
        let secondSink = self.secondSink
        lock.unlock()
        // Before the decision both sinks are there; after it, only the winner's.
        firstSink?.request(demand + extra)
        secondSink?.request(demand + extra)
    }
    // [/excerpt]

    func cancel() {
        lock.lock()
        let firstSink = self.firstSink
        let secondSink = self.secondSink
        self.firstSink = nil
        self.secondSink = nil
        lock.unlock()
        buffer.cancel() // Lets go of the downstream; it is sent no completion.
        firstSink?.cancel()
        secondSink?.cancel()
    }

    // [excerpt: sink]
    /// The sink for one side. Each event first asks `decide(_:)` whether this side has won:
    /// a winner's events go to the buffer, a loser's nowhere.
    private func makeSink(for side: Side) -> Sink {
        Sink(
            receiveValue: { [self] value in
                guard decide(side) else { return .none }
                return buffer.receive(value)
            },
            receiveCompletion: { [self] completion in
                guard decide(side) else { return }
                buffer.receive(completion: completion)
                releaseSinks() // The race is over: break the cycle.
            })
    }
    // [/excerpt]

    private func releaseSinks() {
        lock.lock()
        firstSink = nil
        secondSink = nil
        lock.unlock()
    }

    // [excerpt: decide]
    /// Records `side` as the winner if the race is still open, and cancels the other side.
    /// - Returns: whether `side` is the winner.
    private func decide(_ side: Side) -> Bool {
        lock.lock()
        if let winner {
            lock.unlock()
            return winner == side // Decided already: only the winner is heard.
        }
        winner = side
        // Take the loser's sink out, to cancel it once the lock is released.
        let loser: Sink?
        switch side {
        case .first:
            loser = secondSink
            secondSink = nil
        case .second:
            loser = firstSink
            firstSink = nil
        }
        lock.unlock()
        loser?.cancel() // Outside the lock: cancelling may call back into us.
        return true
    }
    // [/excerpt]
}
