import Backpressure
import OpenCombineShim

extension Publisher {
    public func rateLimit<LimitScheduler: Scheduler, Relay: Subject>(
        _ count: Int,
        per interval: LimitScheduler.SchedulerTimeType.Stride,
        scheduler: LimitScheduler,
        subject: Relay
    ) -> AnyCancellable where Relay.Output == Output, Relay.Failure == Failure {
        var windowOpened = scheduler.now
        var usedInWindow = 0
        return step { signal in
            switch signal {
            case .completion(let end):
                subject.send(completion: end)
            case .input(let item, let next):
                if usedInWindow == 0 { windowOpened = scheduler.now }
                subject.send(item)
                usedInWindow += 1
                if usedInWindow < count {
                    next(.more)
                } else {
                    usedInWindow = 0
                    scheduler.schedule(after: windowOpened.advanced(by: interval)) { next(.more) }
                }
            }
        }
    }
}
