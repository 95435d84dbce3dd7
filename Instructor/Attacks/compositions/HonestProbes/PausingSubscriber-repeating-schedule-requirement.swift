// As repeating-schedule, but calls the Scheduler protocol's own requirement
// schedule(after:interval:tolerance:options:_:) rather than the convenience extension:
// a requirement call leaves no name of its own in the object, only the protocol's.
import OpenCombineShim

extension Subscribers {
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private let batchSize: Int
        private let pause: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let receiveCompletionHandler: (Subscribers.Completion<Failure>) -> Void
        private let receiveValueHandler: (Input) -> Void
        private var subscription: Subscription?
        private var ticks: Cancellable?

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

        public func receive(subscription: Subscription) {
            guard self.subscription == nil else { return subscription.cancel() }
            self.subscription = subscription
            subscription.request(.max(batchSize))
            ticks = scheduler.schedule(after: scheduler.now.advanced(by: pause), interval: pause,
                                       tolerance: scheduler.minimumTolerance, options: nil) { [weak self] in
                guard let self, let subscription = self.subscription else { return }
                subscription.request(.max(self.batchSize))
            }
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            receiveValueHandler(input)
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            subscription = nil
            ticks?.cancel()
            ticks = nil
            receiveCompletionHandler(completion)
        }

        public func cancel() {
            subscription?.cancel()
            subscription = nil
            ticks?.cancel()
            ticks = nil
        }
    }
}
