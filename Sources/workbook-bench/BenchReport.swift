import Foundation

/// Everything one run measured, as a table for people and JSON for tools.
struct BenchReport: Encodable {
    /// Ours against the built-in that does the nearest job.
    var results: [BenchmarkResult]
    /// What the trace's recording costs, against a hop that records nothing. No built-in
    /// does a trace's job, so these rows are a price, not a race.
    var instrumentation: [BenchmarkResult]
    var pace: PaceAccuracy?
    var scenarios: ScenarioThroughput?

    var table: String {
        var lines = Self.table(of: results)
        if !instrumentation.isEmpty {
            lines.append("")
            lines.append("What recording costs (no built-in records a trace, so this is a price, not a race):")
            lines += Self.table(of: instrumentation)
        }
        if let pace {
            lines.append("")
            lines.append(String(format: "pace on a real DispatchQueue, %.0f ms × %d values: interval error median %.3f ms, p99 %.3f ms",
                                pace.paceMilliseconds, pace.values, pace.medianErrorMilliseconds, pace.p99ErrorMilliseconds))
        }
        if let scenarios {
            lines.append(String(format: "workbook run: %d scenarios in %.3f s (median of %d) = %.0f scenarios/s",
                                scenarios.scenarios, scenarios.medianSeconds, scenarios.runs, scenarios.scenariosPerSecond))
        } else {
            lines.append("workbook run: not measured (no workbook executable next to this one; `swift build -c release` first)")
        }
        return lines.joined(separator: "\n")
    }

    private static func table(of results: [BenchmarkResult]) -> [String] {
        let header = ["case", "baseline", "ours ns/el", "base ns/el", "ratio"]
        let rows = results.map { result in
            [result.name, result.baseline,
             String(format: "%.1f", result.oursNanosecondsPerElement),
             String(format: "%.1f", result.baselineNanosecondsPerElement),
             String(format: "%.2f×", result.ratio)]
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func format(_ row: [String]) -> String {
            row.enumerated().map { column, cell in
                column < 2 ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                           : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }
        let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
        return [format(header), rule] + rows.map(format)
    }

    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
