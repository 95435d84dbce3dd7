// Honest probe (not an attack): the control PausingSubscriber plus a convenience init for the
// chapter's "five, then pause for a second", whose default pause is written `.seconds(1)`.
import OpenCombineShim

extension Subscribers {
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private let batchSize: Int
        private let pause: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let receiveCompletionHandler: (Subscribers.Completion<Failure>) -> Void
        private let receiveValueHandler: (Input) -> Void
        private var subscription: Subscription?
        private var count = 0

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
            receiveCompletionHandler = receiveCompletion
            receiveValueHandler = receiveValue
        }

        public convenience init(
            scheduler: Context,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.init(batchSize: 5, pause: .seconds(1), scheduler: scheduler,
                      receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }

        public func receive(subscription: Subscription) {
            guard self.subscription == nil else { return subscription.cancel() }
            self.subscription = subscription
            subscription.request(.max(batchSize))
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            receiveValueHandler(input)
            count += 1
            if count == batchSize {
                count = 0
                scheduler.schedule(after: scheduler.now.advanced(by: pause)) { [weak self] in
                    guard let self, let subscription = self.subscription else { return }
                    subscription.request(.max(self.batchSize))
                }
            }
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            subscription = nil
            receiveCompletionHandler(completion)
        }

        public func cancel() {
            subscription?.cancel()
            subscription = nil
        }
    }
}
