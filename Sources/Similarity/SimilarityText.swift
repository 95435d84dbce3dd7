import Foundation
import WorkbookBasics

/// The report as the terminal shows it: the flagged pairs (the first `limit`), the
/// clusters, the students flagged together and what was not compared. Names are escaped as
/// every grade shows them (``VisibleEscapes/name(_:)``).
public enum SimilarityText {
    public static func text(_ report: SimilarityReport, limit: Int = 40) -> String {
        var lines: [String] = []
        let pairs = report.pairs
        lines.append("Similarity of \(report.studentCount) students' files, \(report.exercises.count) exercises (\(report.referenceCount) reference, \(report.publishedCount) published solutions); threshold \(String(format: "%.2f", report.options.threshold)): \(pairs.count) pairs flagged.")
        lines.append(SimilarityReport.caution)
        let raised = report.exercises.filter { $0.threshold > report.options.threshold }
        if !raised.isEmpty {
            lines.append("Flagged at a threshold of their own, just above their honest corpus's highest pair (what the hints prescribe, honest learners write alike): "
                         + raised.map { "\($0.exercise) \(String(format: "%.2f", $0.threshold))" }.joined(separator: ", ") + ".")
        }
        if !pairs.isEmpty {
            lines.append("")
            lines.append("Flagged pairs, highest score first:")
            for pair in pairs.prefix(limit) {
                lines.append("  \(String(format: "%.2f", pair.score))  \(pair.exercise)  \(name(pair.a)) ~ \(name(pair.b))  (\(pair.kind.rawValue); shares \(Int((pair.a.share * 100).rounded()))% and \(Int((pair.b.share * 100).rounded()))%; longest run \(pair.longestRun) tokens)")
            }
            if pairs.count > limit { lines.append("  … and \(pairs.count - limit) more: see --html, --csv or --json.") }
        }
        let clusters = report.clusters
        if !clusters.isEmpty {
            lines.append("")
            lines.append("Clusters (three or more students joined by flagged pairs):")
            for cluster in clusters {
                let sources = cluster.sources.isEmpty ? "" : " with " + cluster.sources.map(VisibleEscapes.terminalLine).joined(separator: ", ")
                lines.append("  \(cluster.exercise): \(cluster.students.map(VisibleEscapes.name).joined(separator: ", "))\(sources)")
            }
        }
        let together = report.studentPairs.filter { $0.exercises.count > 1 }
        if !together.isEmpty {
            lines.append("")
            lines.append("Students flagged together in more than one exercise:")
            for summary in together.prefix(limit) {
                lines.append("  \(VisibleEscapes.name(summary.a)) ~ \(VisibleEscapes.name(summary.b)): \(summary.exercises.joined(separator: ", "))")
            }
        }
        if !report.unread.isEmpty {
            lines.append("")
            lines.append("Not compared:")
            for unread in report.unread {
                lines.append("  \(VisibleEscapes.name(unread.owner)): \(VisibleEscapes.terminalLine(unread.problem))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func name(_ side: PairMatch.Side) -> String {
        switch side.kind {
        case .student: return VisibleEscapes.name(side.owner)
        case .reference: return "the reference solution"
        case .published: return "published " + VisibleEscapes.terminalLine(side.owner)
        }
    }
}
