/// One row of the table: our implementation and the built-in that does the nearest job,
/// each a closure that processes `elements` values once.
struct BenchmarkCase {
    var name: String
    /// What the baseline is, for the reader of the table.
    var baselineName: String
    /// How many elements one run processes (delivered values, for fan-out).
    var elements: Int
    var ours: () -> Void
    var baseline: () -> Void
}

/// The measured row. The ratio is stored, not derived, so that the JSON carries it too.
struct BenchmarkResult: Encodable {
    var name: String
    var baseline: String
    var elements: Int
    var runs: Int
    var oursNanosecondsPerElement: Double
    var baselineNanosecondsPerElement: Double
    var ratio: Double

    init(name: String, baseline: String, elements: Int, runs: Int,
         oursNanosecondsPerElement: Double, baselineNanosecondsPerElement: Double) {
        self.name = name
        self.baseline = baseline
        self.elements = elements
        self.runs = runs
        self.oursNanosecondsPerElement = oursNanosecondsPerElement
        self.baselineNanosecondsPerElement = baselineNanosecondsPerElement
        ratio = oursNanosecondsPerElement / baselineNanosecondsPerElement
    }
}

extension BenchmarkCase {
    /// Warms both sides up once, then alternates them `runs` times.
    func measure(runs: Int) -> BenchmarkResult {
        ours()
        baseline()
        var oursSamples: [Double] = []
        var baselineSamples: [Double] = []
        for run in 0..<runs {
            // Alternate which side goes first, so neither always runs on a warmer cache.
            if run.isMultiple(of: 2) {
                oursSamples.append(Measure.nanoseconds(ours))
                baselineSamples.append(Measure.nanoseconds(baseline))
            } else {
                baselineSamples.append(Measure.nanoseconds(baseline))
                oursSamples.append(Measure.nanoseconds(ours))
            }
        }
        return BenchmarkResult(
            name: name, baseline: baselineName, elements: elements, runs: runs,
            oursNanosecondsPerElement: Measure.median(oursSamples) / Double(elements),
            baselineNanosecondsPerElement: Measure.median(baselineSamples) / Double(elements))
    }
}
