import ExerciseCatalog
import BackpressureTrace
import Foundation
import WorkbookBasics

/// The scenarios of a `workbook run` that did not pass, as GitHub Actions shows them: a
/// Markdown table for the job's summary page, and an error annotation on each one's chapter
/// line.
///
/// The chapters' outputs are verified on OpenCombine; on a Mac the scenarios run on Apple's
/// Combine, and a difference there is listed with its chapter line (the scenario's opening
/// fence) and the first line that differs, so whoever fixes the chapter, or notes Apple's
/// behaviour next to it, finds it without reading the log.
public struct GitHubRunSummary {
    public var results: [ScenarioResult]
    /// Which Combine the scenarios ran on, for the summary's heading.
    public var combine: String

    public init(results: [ScenarioResult], combine: String = GitHubRunSummary.combineInUse) {
        self.results = results
        self.combine = combine
    }

    /// The Combine that `OpenCombineShim` gives this build: Apple's where it exists (or where
    /// `WORKBOOK_COMBINE=apple` says to judge as if it did: ``CombineImplementation``).
    public static var combineInUse: String {
        CombineImplementation.current.description
    }

    /// Longest text shown in one table cell or annotation line.
    static let shownCharacters = 160

    private var notPassed: [ScenarioResult] { results.filter { !$0.passed } }

    /// The section appended to the job's summary page.
    public var markdown: String {
        let count = results.count == 1 ? "1 scenario" : "\(results.count) scenarios"
        guard !notPassed.isEmpty else {
            let all = results.count == 1 ? "The 1 scenario prints what its chapter says" : "All \(count) print what their chapters say"
            return "### Scenarios on \(combine)\n\n\(all).\n\n"
        }
        var text = "### Scenarios on \(combine)\n\n"
        text += "\(notPassed.count) of \(count) did not print what their chapters say:\n\n"
        text += "| Chapter line | Scenario | Result | First difference |\n|---|---|---|---|\n"
        for result in notPassed {
            let difference = Self.firstDifference(result.status)
            let cells = [
                "`\(result.chapterPath):\(result.line)`",
                Self.cell(result.id.description) + (result.heading.map { " " + Self.cell($0) } ?? ""),
                result.status.label,
                difference.map { "expected \(Self.code($0.expected)), printed \(Self.code($0.printed))" } ?? Self.cell(Self.detail(result.status)),
            ]
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text + "\n"
    }

    /// One workflow command per scenario that did not pass, on its chapter line: `::error`,
    /// or `::warning` for an open question about Apple's Combine, which fails nothing.
    public var annotations: [String] {
        notPassed.map { result in
            let level = result.isFailure ? "error" : "warning"
            let title = "Scenario \(result.id) \(result.status.label) on \(combine)"
            let message: String
            if let difference = Self.firstDifference(result.status) {
                message = "\(result.heading.map { "\($0): " } ?? "")first differing line\nexpected: \(Self.shortened(difference.expected) ?? "(nothing)")\nprinted:  \(Self.shortened(difference.printed) ?? "(nothing)")"
            } else {
                message = "\(result.heading.map { "\($0): " } ?? "")\(Self.detail(result.status))"
            }
            return "::\(level) file=\(Self.property(result.chapterPath)),line=\(result.line),title=\(Self.property(title))::\(Self.data(message))"
        }
    }

    /// The first line the chapter expects and the first line printed in place of it, in
    /// the diff's first run of changed lines; nil on either side when that side has none.
    static func firstDifference(_ status: ScenarioResult.Status) -> (expected: String?, printed: String?)? {
        let diff: LineDiff
        switch status {
        case .failed(let lines), .differsOnApple(let lines): diff = lines
        default: return nil
        }
        var expected: String?, printed: String?
        for line in diff.lines.drop(while: { if case .same = $0 { return true }; return false }) {
            switch line {
            case .same: return (expected, printed)
            case .missing(let text): expected = expected ?? text
            case .unexpected(let text): printed = printed ?? text
            }
        }
        return (expected, printed)
    }

    /// What a scenario that did not finish says instead of a difference: its message's first line.
    private static func detail(_ status: ScenarioResult.Status) -> String {
        switch status {
        case .passed, .failed, .differsOnApple: return ""
        case .crashed(let message): return shortened(message.split(separator: "\n").first.map(String.init) ?? message) ?? ""
        case .timedOut: return "did not finish within the time limit"
        case .missing: return "not in the built workbook"
        case .notCompiled(let message), .notRun(let message): return shortened(message) ?? ""
        }
    }

    private static func shortened(_ text: String?) -> String? {
        guard let text else { return nil }
        return text.count > shownCharacters ? String(text.prefix(shownCharacters)) + "…" : text
    }

    /// `text` as inline code in a table cell, or "(nothing)". HTML's `<code>` rather than
    /// backticks: the line may hold backticks itself.
    private static func code(_ text: String?) -> String {
        guard let text = shortened(text) else { return "(nothing)" }
        return text.isEmpty ? "(an empty line)" : "<code>\(cell(text))</code>"
    }

    /// Plain text made safe for one Markdown table cell.
    static func cell(_ text: String) -> String {
        XMLText.escape(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// A workflow command's message, escaped as GitHub's toolkit escapes it.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value (`file=`, `title=`), escaped as GitHub's toolkit escapes it.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

/// Where a run on GitHub Actions reports, read from the variables the runner sets.
public struct GitHubActions {
    /// The job's summary page (`GITHUB_STEP_SUMMARY`): Markdown appended to it shows there.
    public var summaryFile: URL?

    /// Nil unless `GITHUB_ACTIONS` is `true`.
    public init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard environment["GITHUB_ACTIONS"] == "true" else { return nil }
        summaryFile = environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    }

    /// Appends `markdown` to the summary page; throws a one-line error when it cannot.
    public func appendToSummary(_ markdown: String) throws {
        guard let summaryFile else { return }
        if !FileManager.default.fileExists(atPath: summaryFile.path) {
            guard FileManager.default.createFile(atPath: summaryFile.path, contents: nil) else {
                throw WorkbookError("cannot write the job summary \(summaryFile.path)")
            }
        }
        do {
            let handle = try FileHandle(forWritingTo: summaryFile)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(markdown.utf8))
        } catch {
            throw WorkbookError("cannot write the job summary \(summaryFile.path): \(error.localizedDescription)")
        }
    }
}
