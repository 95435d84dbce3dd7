// Reference solution of the PausingSubscriber exercise (chapter 02-mysink).
// From a seed: exercise 3 (a subscriber of its own) of the Chinese article on backpressure (see Credits in the README).

import OpenCombineShim

extension Subscribers {
    /// Takes `batchSize` values, then pauses for `pause` on `scheduler`, then takes the
    /// next batch; written from scratch, without MySink.
    ///
    /// Standing alone, it can ask for a whole batch in one `request(.max(batchSize))`
    /// instead of one value at a time; it returns `.none` from `receive(_:)` and asks
    /// again only when the pause it scheduled ends. Dropping the subscription on
    /// completion and cancel is what makes that late request a no-op.
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private let batchSize: Int
        private let pause: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let receiveValue: (Input) -> Void
        private let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        private var subscription: Subscription?
        private var isTerminated = false
        private var takenInBatch = 0

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
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public func receive(subscription: Subscription) {
            guard self.subscription == nil, !isTerminated else {
                subscription.cancel()
                return
            }
            self.subscription = subscription
            subscription.request(.max(batchSize))
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            guard subscription != nil else { return .none }
            receiveValue(input)
            takenInBatch += 1
            if takenInBatch == batchSize {
                takenInBatch = 0
                scheduler.schedule(after: scheduler.now.advanced(by: pause)) { [weak self] in
                    guard let self else { return }
                    self.subscription?.request(.max(self.batchSize))
                }
            }
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            guard subscription != nil else { return }
            subscription = nil
            isTerminated = true
            receiveCompletion(completion)
        }

        public func cancel() {
            let subscription = self.subscription
            self.subscription = nil
            isTerminated = true
            subscription?.cancel()
        }
    }
}
