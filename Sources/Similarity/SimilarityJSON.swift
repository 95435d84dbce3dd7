import Foundation
import WorkbookBasics

/// The report as JSON: the format `combine-backpressure-workbook/similarity`, version 1
/// (Schemas/similarity-report.schema.json). Every name is written exactly (`name`) and as
/// reports show it (`displayName`, ``VisibleEscapes/name(_:)``).
public enum SimilarityJSON {
    public static let format = "combine-backpressure-workbook/similarity"
    public static let version = 1

    public static func json(_ report: SimilarityReport) throws -> Data {
        func who(_ owner: String, _ kind: SimilarityInput.Kind) -> [String: Any] {
            ["kind": kind.rawValue, "name": owner, "displayName": kind == .student ? VisibleEscapes.name(owner) : VisibleEscapes.terminalLine(owner)]
        }
        func side(_ side: PairMatch.Side) -> [String: Any] {
            var object = who(side.owner, side.kind)
            object["path"] = side.path
            object["share"] = rounded(side.share)
            object["longestRun"] = ["tokens": side.longestRun, "firstLine": side.longestRunLines.lowerBound, "lastLine": side.longestRunLines.upperBound]
            return object
        }
        let object: [String: Any] = [
            "format": format,
            "version": version,
            "caution": SimilarityReport.caution,
            "threshold": report.options.threshold,
            "parameters": ["k": report.options.parameters.k, "window": report.options.parameters.window],
            "students": report.studentCount,
            "exercises": report.exercises.map { ["name": $0.exercise, "studentFiles": $0.studentFiles, "flaggedPairs": $0.pairs.count] as [String: Any] },
            "pairs": report.pairs.map { pair -> [String: Any] in
                ["exercise": pair.exercise, "kind": pair.kind.rawValue, "score": rounded(pair.score),
                 "longestRun": pair.longestRun, "a": side(pair.a), "b": side(pair.b)]
            },
            "studentPairs": report.studentPairs.map { summary -> [String: Any] in
                ["a": who(summary.a, .student), "b": who(summary.b, .student), "exercises": summary.exercises,
                 "highestScore": rounded(summary.highestScore), "meanScore": rounded(summary.meanScore)]
            },
            "clusters": report.clusters.map { cluster -> [String: Any] in
                ["exercise": cluster.exercise, "students": cluster.students.map { who($0, .student) },
                 "sources": cluster.sources, "pairs": cluster.pairs, "highestScore": rounded(cluster.highestScore)]
            },
            "unread": report.unread.map { unread -> [String: Any] in
                ["name": unread.owner, "displayName": VisibleEscapes.name(unread.owner), "exercise": unread.exercise,
                 "problem": VisibleEscapes.terminalLine(unread.problem)]
            },
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }

    static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}

/// The flagged pairs as CSV, one row per pair, highest score first. A field a spreadsheet
/// would read as a formula is written with a leading `'`, as the grade CSV does.
public enum SimilarityCSV {
    public static func csv(_ report: SimilarityReport) -> Data {
        let header = ["exercise", "score", "kind", "a", "a kind", "a share", "a longest run (tokens)", "a lines",
                      "b", "b kind", "b share", "b longest run (tokens)", "b lines"]
        var lines = [header.map(field).joined(separator: ",")]
        for pair in report.pairs {
            func side(_ side: PairMatch.Side) -> [String] {
                [side.kind == .student ? VisibleEscapes.name(side.owner) : VisibleEscapes.terminalLine(side.owner), side.kind.rawValue,
                 String(format: "%.3f", side.share), "\(side.longestRun)", "\(side.longestRunLines.lowerBound)-\(side.longestRunLines.upperBound)"]
            }
            let fields = [pair.exercise, String(format: "%.3f", pair.score), pair.kind.rawValue] + side(pair.a) + side(pair.b)
            lines.append(fields.map(field).joined(separator: ","))
        }
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    static func field(_ text: String) -> String {
        let text = text.first.map { "=+-@\t\r".contains($0) } == true ? "'" + text : text
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
