// Honest corpus: Countdown by locks-c. Design: a generic NSLock-guarded pull-loop subscription base class (demand counter, one-sender flag, cancel check before each value) subclassed by a countdown that only supplies the next number; the subscriber is called with the lock released. Followed the hints: no.

import Foundation
import OpenCombineShim

/// A subscription that sends values produced on demand, one sender at a time.
/// Subclasses override `nextLocked()`; everything else (demand, reentrancy, cancel) lives here.
fileprivate class PullLoopSubscription<Downstream: Subscriber>: Subscription where Downstream.Failure == Never {
    private enum Step {
        case send(Downstream.Input, Downstream)
        case finish(Downstream)
        case stop
    }

    let lock = NSLock()
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var isSending = false

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    /// Whether the sequence has run out. Called with the lock held.
    func isExhaustedLocked() -> Bool { true }

    /// The next value to send. Called with the lock held, only when not exhausted.
    func takeNextLocked() -> Downstream.Input { fatalError("subclass must override") }

    func request(_ more: Subscribers.Demand) {
        guard more > .none else { return }
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += more
        // A loop already running (maybe one level up, inside receive(_:)) sees the new demand.
        guard !isSending else {
            lock.unlock()
            return
        }
        isSending = true
        lock.unlock()
        runLoop()
    }

    func cancel() {
        lock.lock()
        let released = downstream
        downstream = nil
        lock.unlock()
        withExtendedLifetime(released) {} // Released outside the lock.
    }

    private func runLoop() {
        while true {
            let step: Step
            lock.lock()
            if let current = downstream {
                if isExhaustedLocked() {
                    downstream = nil
                    isSending = false
                    step = .finish(current) // No demand needed to finish.
                } else if demand > .none {
                    demand -= 1
                    step = .send(takeNextLocked(), current)
                } else {
                    isSending = false // Given up in the same section that found no demand.
                    step = .stop
                }
            } else {
                isSending = false // Cancelled.
                step = .stop
            }
            lock.unlock()

            switch step {
            case let .send(value, target):
                let more = target.receive(value)
                if more > .none {
                    lock.lock()
                    if downstream != nil { demand += more }
                    lock.unlock()
                }
            case let .finish(target):
                target.receive(completion: .finished)
                return
            case .stop:
                return
            }
        }
    }
}

/// Counts down from `start` to 1.
fileprivate final class CountdownSubscription<Downstream: Subscriber>: PullLoopSubscription<Downstream>,
    CustomStringConvertible
where Downstream.Input == Int, Downstream.Failure == Never {
    private var nextNumber: Int

    init(start: Int, downstream: Downstream) {
        nextNumber = max(0, start)
        super.init(downstream: downstream)
    }

    var description: String { "Countdown" }

    override func isExhaustedLocked() -> Bool { nextNumber <= 0 }

    override func takeNextLocked() -> Int {
        defer { nextNumber -= 1 }
        return nextNumber
    }
}

extension Publishers {
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never

        public let start: Int

        public init(from start: Int) {
            self.start = start
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            guard start > 0 else {
                // Nothing to count: finish at once, without waiting for demand.
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            subscriber.receive(subscription: CountdownSubscription(start: start, downstream: subscriber))
        }
    }
}
