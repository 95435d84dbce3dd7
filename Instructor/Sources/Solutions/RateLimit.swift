// Reference solution of the RateLimit exercise (chapter 06-pace).

import Backpressure
import OpenCombineShim

extension Publisher {
    /// Sends upstream's values to `subject`, at most `count` per `interval`: a batch goes
    /// through at once, and the next batch starts no earlier than `interval` after the
    /// first value of the one before.
    ///
    /// Built on `step(with:)`: the stepper decides, for each value, when to fulfil its
    /// promise with `.more`. At once while the batch has room, on `scheduler` once it is
    /// full. So upstream is never asked for a value before it may be sent, and
    /// `SteppingSubscriber` takes care of cancellation and of stale promises.
    public func rateLimit<LimitScheduler: Scheduler, Relay: Subject>(
        _ count: Int,
        per interval: LimitScheduler.SchedulerTimeType.Stride,
        scheduler: LimitScheduler,
        subject: Relay
    ) -> AnyCancellable where Relay.Output == Output, Relay.Failure == Failure {
        var sentInBatch = 0
        var batchStart = scheduler.now
        return step { event in
            switch event {
            case .input(let value, let promise):
                if sentInBatch == 0 { batchStart = scheduler.now }
                subject.send(value)
                sentInBatch += 1
                if sentInBatch < count {
                    promise(.more)
                } else {
                    sentInBatch = 0
                    scheduler.schedule(after: batchStart.advanced(by: interval)) { promise(.more) }
                }
            case .completion(let completion):
                subject.send(completion: completion)
            }
        }
    }
}
