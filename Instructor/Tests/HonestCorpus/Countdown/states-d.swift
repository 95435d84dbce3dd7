// Honest corpus: Countdown by states-d. Design: per-subscriber ticket whose life is an enum (parked / emitting / closing / spent) behind an NSLock; a reentrant request only adds credit to the running emit loop. Followed the hints: no.

import Foundation
import OpenCombineShim

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
                // Nothing to count: finish at once, without waiting to be asked.
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            subscriber.receive(subscription: CountdownTicket(receiver: subscriber, from: start))
        }
    }
}

/// One subscriber's own countdown.
private final class CountdownTicket<Receiver: Subscriber>: Subscription
where Receiver.Input == Int, Receiver.Failure == Never {
    /// The ticket's life. `upcoming` is the next number to send; `credit` what may still be sent.
    private enum Life {
        /// Nobody is sending; waiting for credit.
        case parked(Receiver, upcoming: Int, credit: Subscribers.Demand)
        /// A loop is sending (possibly further up this very stack).
        case emitting(Receiver, upcoming: Int, credit: Subscribers.Demand)
        /// The 1 is out; the completion follows unless the receiver cancels first.
        case closing(Receiver)
        /// Finished or cancelled.
        case spent
    }

    /// One step of the loop, decided under the lock and carried out without it.
    private enum Step {
        case send(Int, to: Receiver, last: Bool)
        case rest
    }

    private let mutex = NSLock()
    private var life: Life

    init(receiver: Receiver, from start: Int) {
        life = .parked(receiver, upcoming: start, credit: .none)
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        mutex.lock()
        switch life {
        case let .parked(receiver, upcoming, credit):
            life = .emitting(receiver, upcoming: upcoming, credit: credit + demand)
            mutex.unlock()
            emit()
        case let .emitting(receiver, upcoming, credit):
            // The running loop sees this; starting another would recurse.
            life = .emitting(receiver, upcoming: upcoming, credit: credit + demand)
            mutex.unlock()
        case .closing, .spent:
            mutex.unlock()
        }
    }

    func cancel() {
        mutex.lock()
        life = .spent
        mutex.unlock()
    }

    private func emit() {
        while true {
            mutex.lock()
            let step: Step
            switch life {
            case let .emitting(receiver, upcoming, credit) where credit > .none:
                let last = upcoming <= 1
                life = last ? .closing(receiver) : .emitting(receiver, upcoming: upcoming - 1, credit: credit - 1)
                step = .send(upcoming, to: receiver, last: last)
            case let .emitting(receiver, upcoming, credit):
                // No credit: give up the sending role in the same critical section.
                life = .parked(receiver, upcoming: upcoming, credit: credit)
                step = .rest
            case .parked, .closing, .spent:
                step = .rest
            }
            mutex.unlock()

            switch step {
            case .rest:
                return
            case let .send(value, receiver, last):
                let more = receiver.receive(value)
                mutex.lock()
                var finishing: Receiver?
                switch life {
                case let .emitting(receiver, upcoming, credit):
                    life = .emitting(receiver, upcoming: upcoming, credit: credit + more)
                case let .closing(receiver):
                    life = .spent
                    finishing = receiver
                case .parked, .spent:
                    break // Cancelled from inside receive(_:).
                }
                mutex.unlock()
                if last {
                    // Right after 1, without waiting for demand (unless cancelled meanwhile).
                    finishing?.receive(completion: .finished)
                    return
                }
            }
        }
    }
}
