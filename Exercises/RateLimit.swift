// Exercise RateLimit · chapter 06-pace (`swift run workbook read 6`)
//
// Write `rateLimit(_:per:scheduler:subject:)`, a rate limiter built on the chapter's
// `step(with:)`: it sends upstream's values to `subject`, at most `count` of them per
// `interval`. It must:
//   - let the first `count` values through at once, then ask upstream for the next one
//     no earlier than `interval` after the first value of that batch (on `scheduler`:
//     the check moves virtual time);
//   - never ask upstream for more than it may send;
//   - send upstream's completion or failure to `subject`;
//   - stop, and cancel upstream, when the returned AnyCancellable is cancelled.
// `pace(_:scheduler:subject:)` in the chapter is the same idea with one value per interval.
//
// Check your work:  swift run workbook check RateLimit
// Stuck?            swift run workbook hint RateLimit
// Keep the declarations `public`: the check uses them from another module.

import Backpressure
import OpenCombineShim

extension Publisher {
    public func rateLimit<LimitScheduler: Scheduler, Relay: Subject>(
        _ count: Int,
        per interval: LimitScheduler.SchedulerTimeType.Stride,
        scheduler: LimitScheduler,
        subject: Relay
    ) -> AnyCancellable where Relay.Output == Output, Relay.Failure == Failure {
        // TODO: return step { event in ... }
        return AnyCancellable {}
    }
}
