import Foundation

/// Everything one run measured, as a table for people and JSON for tools (and for
/// `workbook-bench report`, which makes docs/performance.md's figures from the JSON).
struct BenchReport: Codable, Equatable {
    /// How the figures were taken, so that anyone can take them again.
    var setup: BenchSetup
    /// Ours against the built-in that does the nearest job: races, each meant to be ≤ 1.0×.
    var results: [BenchmarkResult]
    /// What a hop of ours costs, against the same pipeline without it (Amb) or with a hop
    /// that does nothing (the trace): the baseline does less than ours, so these rows are a
    /// price, not a race, and are above 1.0× by construction.
    var prices: [BenchmarkResult]
    var pace: PaceAccuracy?
    var scenarios: ScenarioThroughput?

    var table: String {
        var lines = Self.table(of: results)
        if !prices.isEmpty {
            lines.append("")
            lines.append("Prices, not races (the baseline is the same pipeline without our hop, or with a hop that does nothing):")
            lines += Self.table(of: prices)
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
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(contentsOf: "\n".utf8)
        return data
    }

    /// Reads what `--json` wrote; `path` names the file in the error.
    static func read(from path: String) throws -> BenchReport {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchError("\(path): cannot read the file")
        }
        do {
            return try JSONDecoder().decode(BenchReport.self, from: data)
        } catch let error as DecodingError {
            throw BenchError("\(path): not the JSON of `workbook-bench --json`: \(error.oneLine)")
        }
    }
}

extension DecodingError {
    /// What is wrong and where, on one line (the default description spans several).
    var oneLine: String {
        let context: Context
        switch self {
        case let .typeMismatch(_, found), let .valueNotFound(_, found), let .dataCorrupted(found):
            context = found
        case let .keyNotFound(key, found):
            let path = (found.codingPath + [key]).map(\.stringValue).joined(separator: ".")
            return "no value for \(path)"
        @unknown default:
            return "\(self)"
        }
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        let reason = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            ?? context.debugDescription
        return path.isEmpty ? reason : "\(path): \(reason)"
    }
}
