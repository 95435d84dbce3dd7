import Backpressure
import OpenCombineShim

// rate limiter on top of step(with:)
extension Publisher {
    public func rateLimit<LimitScheduler: Scheduler, Relay: Subject>(_ count: Int,
                                                                     per interval: LimitScheduler.SchedulerTimeType.Stride,
                                                                     scheduler: LimitScheduler,
                                                                     subject: Relay) -> AnyCancellable
    where Relay.Output == Output, Relay.Failure == Failure {
        var n = 0
        var started = scheduler.now
        let limit = count
        let handler: (SteppingSubscriber<Output, Failure>.Event) -> Void = { ev in
            switch ev {
            case let .completion(c):
                subject.send(completion: c)
            case let .input(v, done):
                if n == 0 {
                    started = scheduler.now   // new batch
                }
                subject.send(v)
                n += 1
                if n >= limit {
                    n = 0
                    scheduler.schedule(after: started.advanced(by: interval)) {
                        done(.more)
                    }
                } else {
                    done(.more)
                }
            }
        }
        return step(with: handler)
    }
}
