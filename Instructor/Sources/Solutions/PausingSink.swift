// Reference solution of the PausingSink exercise (chapter 02-mysink).
// From a seed: exercise 3 (wrapping a MySink) of the Chinese article on backpressure (see Credits in the README).

import Backpressure
import OpenCombineShim

extension Subscribers {
    /// Takes `batchSize` values, then pauses for `pause` on `scheduler`, then takes the
    /// next batch: the chapter's "five per tick" consumer, packaged as a subscriber.
    ///
    /// It is a thin wrapper: a `MySink` already pulls one value at a time, pauses when its
    /// `receiveValue` returns false and resumes on `resume()`, asking for nothing after a
    /// completion or a cancel. So this type only counts, and schedules the `resume()`.
    public final class PausingSink<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private var sink: Subscribers.MySink<Input, Failure>?
        private let batchSize: Int
        private let pause: Context.SchedulerTimeType.Stride
        private let scheduler: Context
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
            // The sink calls back into self, so it is made once self exists; weakly, because
            // self owns the sink.
            sink = Subscribers.MySink(
                receiveCompletion: receiveCompletion,
                receiveValue: { [weak self] value in
                    receiveValue(value)
                    return self?.keepsTaking() ?? false
                })
        }

        public func receive(subscription: Subscription) {
            sink?.receive(subscription: subscription)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            sink?.receive(input) ?? .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            sink?.receive(completion: completion)
        }

        public func cancel() {
            sink?.cancel()
        }

        /// Counts one value; at the end of a batch, schedules the resume and says stop.
        private func keepsTaking() -> Bool {
            takenInBatch += 1
            guard takenInBatch >= batchSize else { return true }
            takenInBatch = 0
            scheduler.schedule(after: scheduler.now.advanced(by: pause)) { [weak self] in
                self?.sink?.resume()
            }
            return false
        }
    }
}
