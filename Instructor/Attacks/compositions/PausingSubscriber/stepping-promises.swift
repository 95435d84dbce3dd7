// Composes the library's SteppingSubscriber (the subscriber behind pace/step: each value
// comes with a promise that asks for the next) with scheduler.schedule(after:): the
// promise is kept at once inside a batch, and after the pause at its end.
import Backpressure
import OpenCombineShim

extension Subscribers {
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private let stepper: SteppingSubscriber<Input, Failure>

        public init(
            batchSize: Int = 5,
            pause: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            var count = 0
            stepper = SteppingSubscriber { event in
                switch event {
                case let .input(value, promise):
                    receiveValue(value)
                    count += 1
                    if count < batchSize {
                        promise(.more)
                    } else {
                        count = 0
                        scheduler.schedule(after: scheduler.now.advanced(by: pause)) { promise(.more) }
                    }
                case let .completion(completion):
                    receiveCompletion(completion)
                }
            }
        }

        public func receive(subscription: Subscription) { stepper.receive(subscription: subscription) }
        public func receive(_ input: Input) -> Subscribers.Demand { stepper.receive(input) }
        public func receive(completion: Subscribers.Completion<Failure>) { stepper.receive(completion: completion) }
        public func cancel() { stepper.cancel() }
    }
}
