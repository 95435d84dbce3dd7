// PausingSink (chapter 2)
// "five, then pause for a second" — built on top of MySink, which already knows how to
// pause (receiveValue returns false) and resume (resume()).

import Backpressure
import OpenCombineShim

extension Subscribers {

    /// Wraps a MySink; all this class adds is the counting and the scheduled resume.
    public final class PausingSink<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {

        /// The wrapped sink (does the real subscribing work).
        private var sink: Subscribers.MySink<Input, Failure>?

        // settings
        private let batchSize: Int
        private let pause: Context.SchedulerTimeType.Stride
        private let scheduler: Context

        /// Values taken in the current batch.
        private var takenInBatch = 0
        /// How many batches completed so far (just for logging).
        private var batchesDone = 0

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

            // Create the sink only after all stored properties are set (it captures self).
            // [weak self]: self owns the sink, a strong capture would be a retain cycle.
            sink = Subscribers.MySink(
                receiveCompletion: receiveCompletion,
                receiveValue: { [weak self] value in
                    receiveValue(value)
                    return self?.keepsTaking() ?? false
                })
        }

        // MARK: - Subscriber (everything just forwards to the sink)

        public func receive(subscription: Subscription) {
            sink?.receive(subscription: subscription)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            sink?.receive(input) ?? .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            sink?.receive(completion: completion)
        }

        // MARK: - Cancellable

        public func cancel() {
            // MySink won't ask for anything after a cancel, so a late resume() is harmless
            sink?.cancel()
        }

        // MARK: - Batching

        /// Counts one value. At the end of a batch: schedule the resume, return false (= pause).
        private func keepsTaking() -> Bool {
            takenInBatch += 1
            guard takenInBatch >= batchSize else { return true }
            takenInBatch = 0
            batchesDone += 1
            // always the given scheduler (virtual time in the check), never DispatchQueue.main
            scheduler.schedule(after: scheduler.now.advanced(by: pause)) { [weak self] in
                self?.sink?.resume()
            }
            return false
        }

        /// Number of full batches delivered (handy when experimenting).
        public var completedBatches: Int { batchesDone }
    }
}
