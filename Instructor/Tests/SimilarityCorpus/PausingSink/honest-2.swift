import Backpressure
import OpenCombineShim

extension Subscribers {
    /// Five, then a pause: a MySink made lazily, whose value closure counts down the batch.
    public final class PausingSink<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private let size: Int
        private let pauseLength: Context.SchedulerTimeType.Stride
        private let clock: Context
        private let onValue: (Input) -> Void
        private let onCompletion: (Subscribers.Completion<Failure>) -> Void
        private var remainingInBatch: Int
        private var isCancelled = false

        private lazy var sink = Subscribers.MySink<Input, Failure>(
            receiveCompletion: { [unowned self] completion in self.onCompletion(completion) },
            receiveValue: { [unowned self] value in self.take(value) })

        public init(
            batchSize: Int = 5,
            pause: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            size = batchSize
            pauseLength = pause
            clock = scheduler
            onValue = receiveValue
            onCompletion = receiveCompletion
            remainingInBatch = batchSize
        }

        public func receive(subscription: Subscription) { sink.receive(subscription: subscription) }

        public func receive(_ input: Input) -> Subscribers.Demand { sink.receive(input) }

        public func receive(completion: Subscribers.Completion<Failure>) { sink.receive(completion: completion) }

        public func cancel() {
            isCancelled = true
            sink.cancel()
        }

        private func take(_ value: Input) -> Bool {
            onValue(value)
            remainingInBatch -= 1
            if remainingInBatch > 0 { return true }
            remainingInBatch = size
            let wakeUp = clock.now.advanced(by: pauseLength)
            clock.schedule(after: wakeUp) { [weak self] in
                if let self = self, !self.isCancelled {
                    self.sink.resume()
                }
            }
            return false
        }
    }
}
