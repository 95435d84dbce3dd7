import Course
import Foundation

/// The grade results as files for tools: JSON, and JUnit XML for CI dashboards.
/// Both carry exactly what the table shows.
public enum GradeExport {
    private struct JSONReport: Encodable {
        struct Row: Encodable {
            var name: String
            var chapter: String
            var state: ExerciseState
            var detail: String?
            var seconds: Double?
        }
        var exercises: [Row]
        var counts: [String: Int]
    }

    public static func json(_ results: [ExerciseResult]) throws -> Data {
        let rows = results.map {
            JSONReport.Row(name: $0.exercise.name, chapter: $0.exercise.chapter, state: $0.outcome.state,
                           detail: $0.outcome.detail, seconds: $0.seconds.map { ($0 * 1000).rounded() / 1000 })
        }
        let counts = Dictionary(grouping: results, by: \.outcome.label).mapValues(\.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(JSONReport(exercises: rows, counts: counts))
    }

    /// The workbook's own exercises as one suite.
    public static func junit(_ results: [ExerciseResult]) -> Data {
        junit(suites: [(name: "workbook exercises", results: results)])
    }

    /// One `<testsuite>` per entry (a class: one per student), one `<testcase>` per
    /// exercise: not started is `<skipped>`, failed a `<failure>`, and the ways an exercise
    /// cannot even be checked (compile, crash, time-out, early exit) an `<error>`.
    public static func junit(suites: [(name: String, results: [ExerciseResult])]) -> Data {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        for suite in suites {
            let results = suite.results
            let failures = results.filter { $0.outcome.state == .failed }.count
            let skipped = results.filter { $0.outcome.state == .notStarted }.count
            let errors = results.count - failures - skipped - results.filter(\.outcome.isPassed).count
            let total = results.compactMap(\.seconds).reduce(0, +)
            xml += "  <testsuite name=\"\(escape(suite.name))\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(String(format: "%.3f", total))\">\n"
            for result in results {
                let time = String(format: "%.3f", result.seconds ?? 0)
                xml += "    <testcase classname=\"\(escape(result.exercise.chapter))\" name=\"\(escape(result.exercise.name))\" time=\"\(time)\""
                let detail = escape(result.outcome.detail ?? "")
                switch result.outcome.state {
                case .passed:
                    xml += "/>\n"
                case .notStarted:
                    xml += ">\n      <skipped message=\"not started\"/>\n    </testcase>\n"
                case .failed:
                    xml += ">\n      <failure message=\"\(detail)\" type=\"failed\"/>\n    </testcase>\n"
                case .doesNotCompile, .crashed, .timedOut, .exitedEarly:
                    xml += ">\n      <error message=\"\(detail)\" type=\"\(escape(result.outcome.label))\"/>\n    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return Data(xml.utf8)
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "\n", with: "&#10;")
    }
}
