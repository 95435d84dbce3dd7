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
struct BenchmarkResult: Codable, Equatable {
    var name: String
    var baseline: String
    var elements: Int
    var runs: Int
    /// Medians over the runs.
    var oursNanosecondsPerElement: Double
    var baselineNanosecondsPerElement: Double
    /// The two medians' ratio, ours over the baseline.
    var ratio: Double
    /// The middle half of the runs' own ratios (each run's ours over the baseline timed
    /// beside it): how much the ratio moved from run to run, which is what tells a real
    /// difference from the noise of a shared machine.
    var ratioFirstQuartile: Double
    var ratioThirdQuartile: Double

    init(name: String, baseline: String, elements: Int, runs: Int,
         oursNanosecondsPerElement: Double, baselineNanosecondsPerElement: Double,
         ratioFirstQuartile: Double, ratioThirdQuartile: Double) {
        self.name = name
        self.baseline = baseline
        self.elements = elements
        self.runs = runs
        self.oursNanosecondsPerElement = oursNanosecondsPerElement
        self.baselineNanosecondsPerElement = baselineNanosecondsPerElement
        ratio = oursNanosecondsPerElement / baselineNanosecondsPerElement
        self.ratioFirstQuartile = ratioFirstQuartile
        self.ratioThirdQuartile = ratioThirdQuartile
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
        let ratios = zip(oursSamples, baselineSamples).map { ours, baseline in ours / baseline }
        return BenchmarkResult(
            name: name, baseline: baselineName, elements: elements, runs: runs,
            oursNanosecondsPerElement: Measure.median(oursSamples) / Double(elements),
            baselineNanosecondsPerElement: Measure.median(baselineSamples) / Double(elements),
            ratioFirstQuartile: Measure.percentile(0.25, of: ratios),
            ratioThirdQuartile: Measure.percentile(0.75, of: ratios))
    }
}
