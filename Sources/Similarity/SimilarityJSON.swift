import Foundation
import WorkbookBasics

/// The report as JSON: the format `combine-backpressure-workbook/similarity`, version 1
/// (Schemas/similarity-report.schema.json). Every name is written exactly (`name`) and as
/// reports show it (`displayName`, ``VisibleEscapes/name(_:)``).
public enum SimilarityJSON {
    public static let format = "combine-backpressure-workbook/similarity"
    public static let version = 1

    struct Who: Encodable {
        var kind: String
        var name: String
        var displayName: String
        init(_ owner: String, _ kind: SimilarityInput.Kind) {
            self.kind = kind.rawValue
            name = owner
            displayName = kind == .student ? VisibleEscapes.name(owner) : VisibleEscapes.terminalLine(owner)
        }
    }
    struct Run: Encodable { var tokens: Int; var firstLine: Int; var lastLine: Int }
    struct Side: Encodable {
        var kind: String, name: String, displayName: String, path: String, share: Double, longestRun: Run
    }
    struct Pair: Encodable {
        var exercise: String, kind: String, score: Double, longestRun: Int, a: Side, b: Side
    }
    struct ExerciseSummary: Encodable {
        var name: String; var studentFiles: Int; var flaggedPairs: Int; var threshold: Double; var highestHonestPair: Double?

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(studentFiles, forKey: .studentFiles)
            try container.encode(flaggedPairs, forKey: .flaggedPairs)
            try container.encode(threshold, forKey: .threshold)
            try container.encode(highestHonestPair, forKey: .highestHonestPair)  // null when there is no honest corpus
        }
        enum CodingKeys: String, CodingKey { case name, studentFiles, flaggedPairs, threshold, highestHonestPair }
    }
    struct Together: Encodable { var a: Who; var b: Who; var exercises: [String]; var highestScore: Double; var meanScore: Double }
    struct Cluster: Encodable { var exercise: String; var students: [Who]; var sources: [String]; var pairs: Int; var highestScore: Double }
    struct Unread: Encodable { var name: String; var displayName: String; var exercise: String; var problem: String }
    struct Parameters: Encodable { var k: Int; var window: Int; var calibrated: Bool; var honestMargin: Double }
    struct Document: Encodable {
        var format: String, version: Int, caution: String, threshold: Double, parameters: Parameters, students: Int
        var exercises: [ExerciseSummary], pairs: [Pair], studentPairs: [Together], clusters: [Cluster], unread: [Unread]
    }

    public static func json(_ report: SimilarityReport) throws -> Data {
        func side(_ side: PairMatch.Side) -> Side {
            let who = Who(side.owner, side.kind)
            return Side(kind: who.kind, name: who.name, displayName: who.displayName, path: VisibleEscapes.terminalLine(side.path), share: rounded(side.share),
                        longestRun: Run(tokens: side.longestRun, firstLine: side.longestRunLines.lowerBound, lastLine: side.longestRunLines.upperBound))
        }
        let document = Document(
            format: format, version: version, caution: SimilarityReport.caution, threshold: report.options.threshold,
            parameters: Parameters(k: report.options.parameters.k, window: report.options.parameters.window,
                                   calibrated: report.options.calibrated, honestMargin: report.options.honestMargin), students: report.studentCount,
            exercises: report.exercises.map {
                ExerciseSummary(name: $0.exercise, studentFiles: $0.studentFiles, flaggedPairs: $0.pairs.count, threshold: rounded($0.threshold),
                                highestHonestPair: $0.highestHonestPair.map(rounded))
            },
            pairs: report.pairs.map { Pair(exercise: $0.exercise, kind: $0.kind.rawValue, score: rounded($0.score), longestRun: $0.longestRun, a: side($0.a), b: side($0.b)) },
            studentPairs: report.studentPairs.map { Together(a: Who($0.a, .student), b: Who($0.b, .student), exercises: $0.exercises,
                                                             highestScore: rounded($0.highestScore), meanScore: rounded($0.meanScore)) },
            clusters: report.clusters.map { Cluster(exercise: $0.exercise, students: $0.students.map { Who($0, .student) }, sources: $0.sources,
                                                    pairs: $0.pairs, highestScore: rounded($0.highestScore)) },
            unread: report.unread.map { Unread(name: $0.owner, displayName: VisibleEscapes.name($0.owner), exercise: $0.exercise,
                                               problem: VisibleEscapes.terminalLine($0.problem)) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(document)
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
