// Evasion 1: the library's MySink hidden behind a typealias, a generic factory and an
// `any Subscriber & Cancellable & Resumable` existential (Resumable is the library's).
import Backpressure
import OpenCombineShim

typealias Engine<I, F: Error> = Subscribers.MySink<I, F>

func engine<I, F: Error>(
    _ completion: @escaping (Subscribers.Completion<F>) -> Void, _ value: @escaping (I) -> Bool
) -> any Subscriber<I, F> & Cancellable & Resumable {
    Engine(receiveCompletion: completion, receiveValue: value)
}

extension Subscribers {
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private var inner: (any Subscriber<Input, Failure> & Cancellable & Resumable)!
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
            inner = engine(receiveCompletion) { (value: Input) -> Bool in
                receiveValue(value)
                count += 1
                guard count == batchSize else { return true }
                count = 0
                scheduler.schedule(after: scheduler.now.advanced(by: pause)) { resume() }
                return false
            }
            resume = { [weak self] in
                guard let self, !self.cancelled else { return }
                self.inner.resume()
            }
        }

        public func receive(subscription: Subscription) { inner.receive(subscription: subscription) }
        public func receive(_ input: Input) -> Subscribers.Demand { inner.receive(input) }
        public func receive(completion: Subscribers.Completion<Failure>) { inner.receive(completion: completion) }
        public func cancel() {
            cancelled = true
            inner.cancel()
        }
    }
}
