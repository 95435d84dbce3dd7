// PausingSink: the counting lives in a small pacer that the MySink's closure calls.

import Backpressure
import OpenCombineShim

extension Subscribers {
    public final class PausingSink<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private let inner: Subscribers.MySink<Input, Failure>
        private let pacer: Pacer

        public init(
            batchSize: Int = 5,
            pause: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            let pacer = Pacer(batchSize: batchSize, pause: pause, scheduler: scheduler)
            inner = Subscribers.MySink(receiveCompletion: receiveCompletion) { value in
                receiveValue(value)
                return pacer.countOne()
            }
            pacer.sink = inner
            self.pacer = pacer
        }

        public func receive(subscription: Subscription) {
            inner.receive(subscription: subscription)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            inner.receive(input)
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            inner.receive(completion: completion)
        }

        public func cancel() {
            pacer.stopped = true
            inner.cancel()
        }

        /// Counts values; after a full batch, wakes the sink up again once the pause is over.
        private final class Pacer {
            let batchSize: Int
            let pause: Context.SchedulerTimeType.Stride
            let scheduler: Context
            weak var sink: Subscribers.MySink<Input, Failure>?
            var seen = 0
            var stopped = false

            init(batchSize: Int, pause: Context.SchedulerTimeType.Stride, scheduler: Context) {
                self.batchSize = batchSize
                self.pause = pause
                self.scheduler = scheduler
            }

            func countOne() -> Bool {
                seen += 1
                guard seen >= batchSize else {
                    return true
                }
                seen = 0
                scheduler.schedule(after: scheduler.now.advanced(by: pause), wake)
                return false
            }

            func wake() {
                if stopped { return }
                sink?.resume()
            }
        }
    }
}
