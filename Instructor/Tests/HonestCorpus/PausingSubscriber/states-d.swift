// Honest corpus: PausingSubscriber by states-d. Design: enum life (waiting / collecting n left / resting until a tagged wake-up / closed) behind an NSLock; the pause is one scheduled wake-up whose tag must still match. Followed the hints: no.

import Foundation
import OpenCombineShim

extension Subscribers {
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        /// Where the subscriber is. The upstream lives only in the cases that may still use it.
        private enum Life {
            /// No subscription yet.
            case waiting
            /// A batch was asked for; `left` values of it are still to come.
            case collecting(Subscription, left: Int)
            /// The batch is in; the wake-up tagged `wake` will ask for the next one.
            case resting(Subscription, wake: UInt64)
            /// Completed or cancelled.
            case closed
        }

        /// What `receive(_:)` must do once the lock is released.
        private enum AfterValue {
            case ignore
            case hand
            case handThenRest(wake: UInt64)
        }

        private let batch: Int
        private let pause: Context.SchedulerTimeType.Stride
        private let clock: Context
        private let onCompletion: (Subscribers.Completion<Failure>) -> Void
        private let onValue: (Input) -> Void

        private let mutex = NSLock()
        private var life = Life.waiting
        private var nextWake: UInt64 = 0

        public init(
            batchSize: Int = 5,
            pause: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            batch = Swift.max(1, batchSize)
            self.pause = pause
            clock = scheduler
            onCompletion = receiveCompletion
            onValue = receiveValue
        }

        public func receive(subscription: Subscription) {
            mutex.lock()
            switch life {
            case .waiting:
                life = .collecting(subscription, left: batch)
                mutex.unlock()
                subscription.request(.max(batch))
            case .collecting, .resting, .closed:
                mutex.unlock()
                subscription.cancel() // Only one subscription in a life.
            }
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            mutex.lock()
            let next: AfterValue
            switch life {
            case let .collecting(upstream, left) where left > 1:
                life = .collecting(upstream, left: left - 1)
                next = .hand
            case let .collecting(upstream, _):
                nextWake &+= 1
                life = .resting(upstream, wake: nextWake)
                next = .handThenRest(wake: nextWake)
            case .waiting, .resting, .closed:
                next = .ignore // Not asked for: nothing to do with it.
            }
            mutex.unlock()

            switch next {
            case .ignore:
                break
            case .hand:
                onValue(input)
            case let .handThenRest(wake):
                onValue(input)
                // Scheduled only after the handler ran: an immediate scheduler would otherwise
                // ask for the next batch before this value was handed over.
                scheduleWake(wake)
            }
            return .none // Batches are asked for whole, by request(_:).
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            mutex.lock()
            let pass: Bool
            switch life {
            case .waiting, .collecting, .resting:
                life = .closed
                pass = true
            case .closed:
                pass = false
            }
            mutex.unlock()
            if pass { onCompletion(completion) }
        }

        public func cancel() {
            mutex.lock()
            let upstream: Subscription?
            switch life {
            case let .collecting(subscription, _), let .resting(subscription, _):
                upstream = subscription
            case .waiting, .closed:
                upstream = nil
            }
            life = .closed
            mutex.unlock()
            upstream?.cancel()
        }

        private func scheduleWake(_ wake: UInt64) {
            mutex.lock()
            let stillResting: Bool
            switch life {
            case let .resting(_, current):
                stillResting = current == wake
            case .waiting, .collecting, .closed:
                stillResting = false
            }
            mutex.unlock()
            guard stillResting else { return } // Cancelled or completed inside the handler.
            clock.schedule(after: clock.now.advanced(by: pause)) { [self] in
                wakeUp(wake)
            }
        }

        private func wakeUp(_ wake: UInt64) {
            mutex.lock()
            switch life {
            case let .resting(upstream, current) where current == wake:
                life = .collecting(upstream, left: batch)
                mutex.unlock()
                upstream.request(.max(batch))
            case .waiting, .collecting, .resting, .closed:
                mutex.unlock() // Cancelled or completed during the pause: ask for nothing.
            }
        }
    }
}
