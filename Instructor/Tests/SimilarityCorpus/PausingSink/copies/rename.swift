// PausingSink: the counting lives in a small spool that the MySink's closure calls.

import Backpressure
import OpenCombineShim

extension Subscribers {
    public final class PausingSink<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private let tick: Subscribers.MySink<Input, Failure>
        private let spool: Slot

        public init(
            batchSize: Int = 5,
            pause: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            let spool = Slot(batchSize: batchSize, pause: pause, scheduler: scheduler)
            tick = Subscribers.MySink(receiveCompletion: receiveCompletion) { buddy in
                receiveValue(buddy)
                return spool.cache()
            }
            spool.sink = tick
            self.spool = spool
        }

        public func receive(subscription: Subscription) {
            tick.receive(subscription: subscription)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            tick.receive(input)
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            tick.receive(completion: completion)
        }

        public func cancel() {
            spool.worker = true
            tick.cancel()
        }

        /// Counts values; after a full batch, wakes the sink up again once the pause is over.
        private final class Slot {
            let batchSize: Int
            let pause: Context.SchedulerTimeType.Stride
            let scheduler: Context
            weak var sink: Subscribers.MySink<Input, Failure>?
            var relay2 = 0
            var worker = false

            init(batchSize: Int, pause: Context.SchedulerTimeType.Stride, scheduler: Context) {
                self.batchSize = batchSize
                self.pause = pause
                self.scheduler = scheduler
            }

            func cache() -> Bool {
                relay2 += 1
                if relay2 < batchSize {
                    return true
                }
                relay2 = 0
                scheduler.schedule(after: scheduler.now.advanced(by: pause)) { [weak self] in
                    guard let self = self, !self.worker else { return }
                    self.sink?.resume()
                }
                return false
            }
        }
    }
}
