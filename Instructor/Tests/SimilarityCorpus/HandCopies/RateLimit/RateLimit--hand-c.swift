// RateLimit exercise (chapter 6: pace)
//
// At most `count` values per `interval`. Uses step(with:) like the chapter's pace():
// upstream only gets asked for the next value when the promise is fulfilled with .more.

import Backpressure
import OpenCombineShim

extension Publisher {

    /// Sends values to `subject`, `count` per `interval` at most.
    ///
    /// - Parameters:
    ///   - count: values allowed in one batch
    ///   - interval: minimum time between the starts of two batches
    ///   - scheduler: where to wait (virtual time in the check)
    ///   - subject: where the values go
    public func rateLimit<LimitScheduler: Scheduler, Relay: Subject>(
        _ count: Int,
        per interval: LimitScheduler.SchedulerTimeType.Stride,
        scheduler: LimitScheduler,
        subject: Relay
    ) -> AnyCancellable where Relay.Output == Output, Relay.Failure == Failure {

        // state shared by all calls of the stepper
        var sentInBatch = 0                 // how many went out in this batch
        var batchStart = scheduler.now      // when this batch started (its first value)
        var totalSent = 0                   // overall, for debugging

        return step { event in
            switch event {
            case .input(let value, let promise):
                // first value of a new batch: remember when it started
                if sentInBatch == 0 { batchStart = scheduler.now }

                subject.send(value)
                sentInBatch += 1
                totalSent += 1

                if sentInBatch < count {
                    // room left in the batch -> next value right away
                    promise(.more)
                } else {
                    // batch full: wait until `interval` after the batch started
                    sentInBatch = 0
                    scheduler.schedule(after: batchStart.advanced(by: interval)) { promise(.more) }
                }

            case .completion(let completion):
                // pass it on; step's AnyCancellable already cancels upstream
                subject.send(completion: completion)
            }
        }
    }
}
