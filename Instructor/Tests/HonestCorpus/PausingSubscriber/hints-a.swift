// Honest corpus: PausingSubscriber by hints-a. Design: holds its own subscription, asks for a batch up front, counts values and schedules the next batch after the pause. Followed the hints: yes.

import OpenCombineShim

extension Subscribers {
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private let batchSize: Int
        private let pause: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let onCompletion: (Subscribers.Completion<Failure>) -> Void
        private let onValue: (Input) -> Void

        private var upstream: Subscription?
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
            guard upstream == nil else {
                subscription.cancel()
                return
            }
            upstream = subscription
            subscription.request(.max(batchSize))
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            onValue(input)
            receivedInBatch += 1
            if receivedInBatch >= batchSize {
                receivedInBatch = 0
                scheduler.schedule(after: scheduler.now.advanced(by: pause)) { [weak self] in
                    guard let self = self, let subscription = self.upstream else { return }
                    subscription.request(.max(self.batchSize))
                }
            }
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            upstream = nil
            onCompletion(completion)
        }

        public func cancel() {
            upstream?.cancel()
            upstream = nil
        }
    }
}
