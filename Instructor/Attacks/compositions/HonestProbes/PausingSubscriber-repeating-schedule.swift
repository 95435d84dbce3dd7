// Composes Combine's repeating schedule(after:interval:_:) on the given scheduler: a batch
// is asked for at once and again at every tick, the ticks cancelled on completion/cancel.
// (Closest to honest work of the six: only the repetition is borrowed.)
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
            ticks = scheduler.schedule(after: scheduler.now.advanced(by: pause), interval: pause) { [weak self] in
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
