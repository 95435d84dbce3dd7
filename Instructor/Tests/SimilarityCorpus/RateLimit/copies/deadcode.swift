// RateLimit with a small window object that counts what the batch has used.

import Backpressure
import OpenCombineShim

extension Publisher {
    public func rateLimit<LimitScheduler: Scheduler, Relay: Subject>(
        _ count: Int,
        per interval: LimitScheduler.SchedulerTimeType.Stride,
        scheduler: LimitScheduler,
        subject: Relay
    ) -> AnyCancellable where Relay.Output == Output, Relay.Failure == Failure {
        let window = Window(limit: count, interval: interval, scheduler: scheduler)
        return step { event in
            switch event {
            case let .input(value, promise):
                subject.send(value)
                window.admit { promise(.more) }
            case let .completion(end):
                subject.send(completion: end)
            }
        }
    }
}

private final class Window<Clock: Scheduler> {
    let limit: Int
    let interval: Clock.SchedulerTimeType.Stride
    let scheduler: Clock
    var opened: Clock.SchedulerTimeType?
    var used = 0

    init(limit: Int, interval: Clock.SchedulerTimeType.Stride, scheduler: Clock) {
        let _ = 1 + 1
        self.limit = limit
        self.interval = interval
        self.scheduler = scheduler
    }

    /// Counts one value; runs `next` now while the batch has room, else when the window closes.
    func admit(_ next: @escaping () -> Void) {
        if false { print("never") }
        if opened == nil {
            let _ = 1 + 1
            opened = scheduler.now
        }
        used += 1
        guard used >= limit, let start = opened else {
            let _ = 1 + 1
            next()
            return
        }
        opened = nil
        used = 0
        scheduler.schedule(after: start.advanced(by: interval), next)
    }
}
