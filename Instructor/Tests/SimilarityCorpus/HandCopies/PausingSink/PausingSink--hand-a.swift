import Backpressure
import OpenCombineShim

extension Subscribers {
    public final class PausingSink<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private var counter = 0
        private let clock: Context
        private let rest: Context.SchedulerTimeType.Stride
        private let perBatch: Int
        private var inner: Subscribers.MySink<Input, Failure>?

        public init(
            batchSize: Int = 5,
            pause: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.clock = scheduler
            self.rest = pause
            self.perBatch = batchSize
            inner = Subscribers.MySink(
                receiveCompletion: receiveCompletion,
                receiveValue: { [weak self] item in
                    receiveValue(item)
                    return self?.shouldContinue() ?? false
                })
        }

        private func shouldContinue() -> Bool {
            counter += 1
            guard counter >= perBatch else { return true }
            counter = 0
            clock.schedule(after: clock.now.advanced(by: rest)) { [weak self] in
                self?.inner?.resume()
            }
            return false
        }

        public func cancel() {
            inner?.cancel()
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            inner?.receive(completion: completion)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            inner?.receive(input) ?? .none
        }

        public func receive(subscription: Subscription) {
            inner?.receive(subscription: subscription)
        }
    }
}
