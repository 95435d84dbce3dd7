import OpenCombineShim

/// Stamps trace events with a scheduler's time, without knowing the scheduler's type.
///
/// The trace must work with any `Scheduler` (combine-schedulers' `TestScheduler` above
/// all) without the trace depending on a scheduler package. So the clock keeps the
/// scheduler's own time value as it is, which is cheap on the path every value takes,
/// and converts it to nanoseconds only when a picture is drawn.
struct TraceClock {
    /// Reads the scheduler's `now`.
    let now: () -> Any
    /// Nanoseconds from the trace's start to a value `now` returned.
    let nanoseconds: (Any) -> Int64

    init<Clock: Scheduler>(_ scheduler: Clock) {
        let start = scheduler.now
        now = { scheduler.now }
        nanoseconds = { stamp in
            guard let stamp = stamp as? Clock.SchedulerTimeType else { return 0 }
            return Self.nanoseconds(in: start.distance(to: stamp))
        }
    }

    /// Finds how many nanoseconds a stride spans using only what every scheduler's stride
    /// offers (`.nanoseconds(_:)` and comparison): a binary search, about 64 comparisons.
    static func nanoseconds<Stride: SchedulerTimeIntervalConvertible & Comparable>(in stride: Stride) -> Int64 {
        guard stride > .nanoseconds(0) else { return 0 }
        var low = 0, high = 1
        while high < Int.max / 2, Stride.nanoseconds(high) <= stride {
            low = high
            high *= 2
        }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if Stride.nanoseconds(middle) <= stride { low = middle } else { high = middle }
        }
        return Int64(low)
    }
}
