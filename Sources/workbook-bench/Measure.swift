import Dispatch

/// Times code the way this benchmark reports it: nanoseconds per element, median of
/// several runs, with ours and the baseline interleaved run by run so that a noisy
/// neighbour on a shared machine slows both sides of a ratio alike.
enum Measure {
    /// Runs `body` once and returns the elapsed nanoseconds.
    @inline(never)
    static func nanoseconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start)
    }

    /// The value below which `fraction` of `samples` fall (nearest rank).
    static func percentile(_ fraction: Double, of samples: [Double]) -> Double {
        precondition(!samples.isEmpty, "no samples")
        let sorted = samples.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// A value the optimiser can't prove unused, so measured loops aren't deleted.
final class Blackhole {
    private(set) var sink = 0
    @inline(never) func consume(_ value: Int) { sink &+= value }
}
