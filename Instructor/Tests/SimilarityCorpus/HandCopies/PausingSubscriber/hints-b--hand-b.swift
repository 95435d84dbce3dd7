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
            if hasSubscription {
                subscription.cancel()
            } else {
                hasSubscription = true
                self.subscription = subscription
                requestBatch(on: subscription)
            }
        }

        private func requestBatch(on subscription: Subscription?) {
            subscription?.request(.max(batchSize))
        }

        private func schedulePause() {
            let wakeUp = scheduler.now.advanced(by: pause)
            scheduler.schedule(after: wakeUp) { [weak self] in
                if let self {
                    self.requestBatch(on: self.subscription)
                }
            }
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            if subscription == nil {
                return .none
            }
            onValue(input)
            receivedInBatch += 1
            guard receivedInBatch >= batchSize else { return .none }
            receivedInBatch = 0
            schedulePause()
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            if subscription != nil {
                subscription = nil
                onCompletion(completion)
            }
        }

        public func cancel() {
            if let held = subscription {
                subscription = nil
                held.cancel()
            }
        }
    }
}
