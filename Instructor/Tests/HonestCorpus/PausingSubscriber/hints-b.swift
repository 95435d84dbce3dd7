// Honest corpus: PausingSubscriber by hints-b. Design: optional subscription, request(.max(batchSize)) per batch, weakly captured scheduled re-request. Followed the hints: yes.

import OpenCombineShim

extension Subscribers {
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private let batchSize: Int
        private let pause: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let onCompletion: (Subscribers.Completion<Failure>) -> Void
        private let onValue: (Input) -> Void

        private var subscription: Subscription?
        private var hasSubscription = false
        private var receivedInBatch = 0

        public init(
            batchSize: Int = 5,
            pause: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.batchSize = batchSize
            self.pause = pause
            self.scheduler = scheduler
            self.onCompletion = receiveCompletion
            self.onValue = receiveValue
        }

        public func receive(subscription: Subscription) {
            // Only the first one counts; any later one is cancelled.
            guard !hasSubscription else {
                subscription.cancel()
                return
            }
            hasSubscription = true
            self.subscription = subscription
            subscription.request(.max(batchSize))
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            guard subscription != nil else { return .none }
            onValue(input)
            receivedInBatch += 1
            if receivedInBatch >= batchSize {
                receivedInBatch = 0
                scheduler.schedule(after: scheduler.now.advanced(by: pause)) { [weak self] in
                    guard let self = self else { return }
                    self.subscription?.request(.max(self.batchSize))
                }
            }
            // The whole batch was asked for up front.
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            guard subscription != nil else { return }
            subscription = nil
            onCompletion(completion)
        }

        public func cancel() {
            let held = subscription
            subscription = nil
            held?.cancel()
        }
    }
}
