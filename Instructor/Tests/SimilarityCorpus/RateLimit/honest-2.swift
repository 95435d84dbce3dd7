import Backpressure
import OpenCombineShim

extension Publisher {
    /// At most `count` values per `interval`: a quota, refilled when the window that the
    /// batch's first value opened has passed.
    public func rateLimit<LimitScheduler: Scheduler, Relay: Subject>(
        _ count: Int,
        per interval: LimitScheduler.SchedulerTimeType.Stride,
        scheduler: LimitScheduler,
        subject: Relay
    ) -> AnyCancellable where Relay.Output == Output, Relay.Failure == Failure {
        var quota = 0
        var windowEnd = scheduler.now
        return step { event in
            guard case .input(let value, let promise) = event else {
                if case .completion(let completion) = event {
                    subject.send(completion: completion)
                }
                return
            }
            if quota == 0 {
                quota = count
                windowEnd = scheduler.now.advanced(by: interval)
            }
            quota -= 1
            subject.send(value)
            if quota > 0 {
                promise(.more)
                return
            }
            scheduler.schedule(after: windowEnd) {
                promise(.more)
            }
        }
    }
}
