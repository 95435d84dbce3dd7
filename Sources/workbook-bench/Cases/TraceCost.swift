import BackpressureTrace
import OpenCombineShim

/// What a `traced` hop costs per value, against a hop that does nearly nothing: a `map`
/// that returns its input. Both sit between the same range publisher and sink, so the
/// difference is the recording: the trace's lock, the event kept, the ledger updated.
///
/// The map is built as `Publishers.Map` on purpose: `.map` on a `Publishers.Sequence`
/// maps the sequence up front and returns another `Publishers.Sequence`, so there would
/// be no hop at all to compare with.
///
/// The trace keeps every value, so each run records into a fresh one and the workload is
/// smaller than the other rows'.
enum TraceCost {
    static func all(scale: Int) -> [BenchmarkCase] {
        let blackhole = Blackhole()
        let count = 200_000 / scale
        return [
            BenchmarkCase(
                name: "traced hop", baselineName: "map { $0 } hop", elements: count,
                ours: {
                    _ = (0..<count).publisher.traced("hop", into: Trace()).sink { blackhole.consume($0) }
                },
                baseline: {
                    _ = Publishers.Map(upstream: (0..<count).publisher) { $0 }.sink { blackhole.consume($0) }
                }),
        ]
    }
}
