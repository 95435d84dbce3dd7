// Composes AnySubscriber (allowed type erasure) wrapped around the library's MySink, and an
// AnyResumableCancellable to resume it after the pause on the given scheduler.
import Backpressure
import OpenCombineShim

extension Subscribers {
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private var erased: AnySubscriber<Input, Failure>!
        private var control: AnyResumableCancellable!
        private var cancelled = false

        public init(
            batchSize: Int = 5,
            pause: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            var count = 0
            var resume: () -> Void = {}
            let sink = Subscribers.MySink<Input, Failure>(receiveCompletion: receiveCompletion) { value in
                receiveValue(value)
                count += 1
                guard count == batchSize else { return true }
                count = 0
                scheduler.schedule(after: scheduler.now.advanced(by: pause)) { resume() }
                return false
            }
            erased = AnySubscriber(sink)
            control = AnyResumableCancellable(sink)
            resume = { [weak self] in
                guard let self, !self.cancelled else { return }
                self.control.resume()
            }
        }

        public func receive(subscription: Subscription) { erased.receive(subscription: subscription) }
        public func receive(_ input: Input) -> Subscribers.Demand { erased.receive(input) }
        public func receive(completion: Subscribers.Completion<Failure>) { erased.receive(completion: completion) }
        public func cancel() {
            cancelled = true
            control.cancel()
        }
    }
}
