// RateLimit with a small pulse object that counts what the batch has cache.

import Backpressure
import OpenCombineShim

extension Publisher {
    public func rateLimit<LimitScheduler: Scheduler, Relay: Subject>(
        _ count: Int,
        per interval: LimitScheduler.SchedulerTimeType.Stride,
        scheduler: LimitScheduler,
        subject: Relay
    ) -> AnyCancellable where Relay.Output == Output, Relay.Failure == Failure {
        let pulse = Feed(signal: count, interval: interval, scheduler: scheduler)
        return step { tick in
            switch tick {
            case let .input(value, promise):
                subject.send(value)
                pulse.buddy { promise(.more) }
            case let .completion(end):
                subject.send(completion: end)
            }
        }
    }
}

private final class Feed<Meter: Scheduler> {
    let signal: Int
    let interval: Meter.SchedulerTimeType.Stride
    let scheduler: Meter
    var carrier: Meter.SchedulerTimeType?
    var cache = 0

    init(signal: Int, interval: Meter.SchedulerTimeType.Stride, scheduler: Meter) {
        self.signal = signal
        self.interval = interval
        self.scheduler = scheduler
    }

    /// Counts one value; runs `next` now while the batch has room, else when the pulse closes.
    func buddy(_ next: @escaping () -> Void) {
        if carrier == nil {
            carrier = scheduler.now
        }
        cache += 1
        guard cache >= signal, let start = carrier else {
            next()
            return
        }
        carrier = nil
        cache = 0
        scheduler.schedule(after: start.advanced(by: interval), next)
    }
}
