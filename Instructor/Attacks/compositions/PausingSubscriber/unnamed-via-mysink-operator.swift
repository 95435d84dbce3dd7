// Evasion 2: never names MySink: a tiny publisher of the file's own hands over the real
// subscription, and the library's mySink(receiveCompletion:receiveValue:) operator subscribes
// its MySink to it; MySink is then reached only as the generic subscriber, type-erased.
import Backpressure
import OpenCombineShim

final class HandOver<Output, Failure: Error>: Publisher {
    let subscription: Subscription
    var target: AnySubscriber<Output, Failure>?
    init(_ subscription: Subscription) { self.subscription = subscription }
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        target = AnySubscriber(subscriber)
        subscriber.receive(subscription: subscription)
    }
}

extension Subscribers {
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private let batchSize: Int
        private let pause: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let receiveCompletionHandler: (Subscribers.Completion<Failure>) -> Void
        private let receiveValueHandler: (Input) -> Void
        private var handOver: HandOver<Input, Failure>?
        private var control: AnyResumableCancellable?
        private var cancelled = false

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
            guard handOver == nil, !cancelled else { return subscription.cancel() }
            let handOver = HandOver<Input, Failure>(subscription)
            self.handOver = handOver
            var count = 0
            let batchSize = batchSize, pause = pause, scheduler = scheduler
            let receiveValue = receiveValueHandler
            control = handOver.mySink(receiveCompletion: receiveCompletionHandler) { [weak self] value in
                receiveValue(value)
                count += 1
                guard count == batchSize else { return true }
                count = 0
                scheduler.schedule(after: scheduler.now.advanced(by: pause)) { [weak self] in
                    guard let self, !self.cancelled else { return }
                    self.control?.resume()
                }
                return false
            }
        }

        public func receive(_ input: Input) -> Subscribers.Demand { handOver?.target?.receive(input) ?? .none }
        public func receive(completion: Subscribers.Completion<Failure>) { handOver?.target?.receive(completion: completion) }
        public func cancel() {
            cancelled = true
            control?.cancel()
        }
    }
}
