/// What Amb's hop costs a value: Amb over two subjects against the subject alone, with the
/// same subscriber. The baseline is the ours row minus the hop, so no Amb can reach 1.0×
/// here; like the traced hop (``TraceCost``), these rows are a price, not a race. The race
/// is against `flatMap` over two (``ThroughputCases/amb(scale:)``).
enum HopCost {
    static func all(scale: Int) -> [BenchmarkCase] {
        let amb = AmbPipelines(count: 500_000 / scale)
        return amb.rows(sink: ("subject -> Sink", amb.subjectToSink), slow: ("subject -> same", amb.subjectAlone))
    }
}
