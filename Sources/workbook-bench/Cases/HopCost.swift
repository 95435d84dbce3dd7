/// What Amb's hop costs a value: Amb over two subjects against the subject alone, with the
/// same subscriber. The baseline is the ours row minus the hop, so no Amb can reach 1.0×
/// here; like the traced hop (``TraceCost``), these rows are a price, not a race. The race
/// is against `flatMap` over two (``ThroughputCases/amb(scale:)``).
enum HopCost {
    static func all(scale: Int) -> [BenchmarkCase] {
        let amb = AmbPipelines(count: 500_000 / scale)
        return [
            BenchmarkCase(name: "Amb over two subjects", baselineName: "subject -> Sink", elements: amb.count,
                          ours: amb.ambToSink, baseline: amb.subjectToSink),
            BenchmarkCase(name: "Amb, .max(1) per value", baselineName: "subject -> same", elements: amb.count,
                          ours: amb.amb(amb.perValue), baseline: amb.subjectAlone(amb.perValue)),
            BenchmarkCase(name: "Amb, .max(1) asked later", baselineName: "subject -> same", elements: amb.count,
                          ours: amb.amb(amb.askedLater), baseline: amb.subjectAlone(amb.askedLater)),
        ]
    }
}
