import Backpressure
import OpenCombineShim

extension Publisher {
    public func rateLimit<LimitScheduler: Scheduler, Relay: Subject>(
        _ count: Int,
        per interval: LimitScheduler.SchedulerTimeType.Stride,
        scheduler: LimitScheduler,
        subject: Relay
    ) -> AnyCancellable where Relay.Output == Output, Relay.Failure == Failure {
        var sentInBatch = 0
        var batchStart = scheduler.now

        func startBatchIfNeeded() {
            guard sentInBatch == 0 else { return }
            batchStart = scheduler.now
        }

        let cancellable = step { event in
            if case .completion(let completion) = event {
                subject.send(completion: completion)
                return
            }
            guard case .input(let value, let promise) = event else { return }
            startBatchIfNeeded()
            subject.send(value)
            sentInBatch += 1
            guard sentInBatch >= count else {
                promise(.more)
                return
            }
            sentInBatch = 0
            let nextBatch = batchStart.advanced(by: interval)
            scheduler.schedule(after: nextBatch) {
                promise(.more)
            }
        }
        return cancellable
    }
}
