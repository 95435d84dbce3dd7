import Backpressure
import OpenCombineShim

extension Subscribers {
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
            sink = Subscribers.MySink(receiveCompletion: receiveCompletion) { [weak self] value in
                receiveValue(value)
                guard let self else { return false }
                return self.countOne()
            }
        }

        public func receive(subscription: Subscription) {
            if let sink { sink.receive(subscription: subscription) }
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            guard let sink else { return .none }
            return sink.receive(input)
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            if let sink { sink.receive(completion: completion) }
        }

        public func cancel() {
            if let sink { sink.cancel() }
        }

        private func countOne() -> Bool {
            takenInBatch += 1
            if takenInBatch < batchSize {
                return true
            }
            takenInBatch = 0
            scheduleResume()
            return false
        }

        private func scheduleResume() {
            let when = scheduler.now.advanced(by: pause)
            scheduler.schedule(after: when) { [weak self] in
                guard let sink = self?.sink else { return }
                sink.resume()
            }
        }
    }
}
