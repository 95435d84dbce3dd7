import OpenCombineShim

/// The subscription that sends Fibonacci numbers to one subscriber, as fast as it asks.
///
/// It fixes the naive version's bugs:
/// - the sequence lives in the subscription, so a second `request(_:)` continues it
///   instead of starting again at 0;
/// - it counts demand, adding what `receive(_:)` returns, and sends no more than that;
/// - it checks for cancellation before each value, so a `cancel()` from inside
///   `receive(_:)` (as `prefix(_:)` does) stops it at once;
/// - a `request(_:)` made from inside `receive(_:)` only adds demand: the loop already
///   running sends the values, so there is no unbounded recursion and no reordering;
/// - the sequence ends at the last number that fits in `Int` instead of trapping.
///
/// State is kept behind a lock that is never held while calling the subscriber, so
/// `request(_:)` and `cancel()` may come from any thread.
final class FibonacciSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible
where Downstream.Input == Int, Downstream.Failure == Never {
    // [excerpt: state]
    private let lock = Lock()
    /// The subscriber; nil once it cancelled or was sent the completion.
    private var downstream: Downstream?
    /// Where we are in the sequence: the next number, and the one after it.
    private var sequence = FibonacciSequence()
    /// How many more numbers the configuration's count allows.
    private var remaining: Subscribers.Demand
    /// How many more numbers the subscriber asked for and has not been sent.
    private var demand = Subscribers.Demand.none
    /// True while a loop is sending, so that a request from inside it only adds demand.
    private var isSending = false
    // [/excerpt]

    init(subscriber: Downstream, count: Subscribers.Demand) {
        downstream = subscriber
        remaining = count
    }

    var description: String { "Fibonacci" }

    // [excerpt: request]
    func request(_ demand: Subscribers.Demand) {
        let shouldSend: Bool = lock.withLock {
            guard downstream != nil else { return false }
            self.demand += demand
            // If a loop is already sending (we are inside its receive(_:)), it will see
            // the new demand. Starting a second loop would recurse and reorder values.
            guard !isSending else { return false }
            isSending = true
            return true
        }
        if shouldSend { sendWhileDemanded() }
    }
    // [/excerpt]

    func cancel() {
        lock.withLock { downstream = nil }
    }

    // [excerpt: step]
    /// What one turn of the sending loop decided, under the lock, to do after releasing it.
    private enum Step {
        case send(Int, to: Downstream) // Deliver one number.
        case finish(Downstream)        // Send `.finished`: the count or the sequence ran out.
        case stop                      // Nothing to do: cancelled, or no demand left.
    }
    // [/excerpt]

    // [excerpt: send-loop]
    private func sendWhileDemanded() {
        while true {
            let step: Step = lock.withLock {
                guard let downstream else { return .stop } // Cancelled.
                if remaining == .none || sequence.isExhausted {
                    self.downstream = nil
                    return .finish(downstream)
                }
                guard demand > .none, let value = sequence.next() else {
                    // Give up the sending role in the same critical section that found no
                    // demand: a request(_:) arriving after this will start its own loop.
                    isSending = false
                    return .stop
                }
                demand -= .max(1)
                remaining -= .max(1)
                return .send(value, to: downstream)
            }
            switch step {
            case let .send(value, downstream):
                let more = downstream.receive(value) // Called without the lock.
                lock.withLock { self.demand += more }
            case let .finish(downstream):
                downstream.receive(completion: .finished)
                return
            case .stop:
                return
            }
        }
    }
    // [/excerpt]
}
