import ArgumentParser
import ChapterModel
import Foundation
import BookRunner
import Course

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the chapters' scenarios and compare what they print with the chapter.",
        discussion: """
            Runs every scenario of the named chapters (all chapters when none is named) and prints a \
            line per scenario: pass, FAIL (with a diff of expected and printed lines), CRASHED (with \
            the trap's message) or TIMED OUT. Then checks the chapters' citations of OpenCombine \
            against the sources the package resolved, a line per citation that does not hold. \
            Exits non-zero unless every scenario passes and every citation holds.

            On GitHub Actions (GITHUB_ACTIONS=true), each scenario that did not pass is also an \
            error annotation on its chapter line, and a table of them (chapter line, scenario, \
            first differing line) is appended to the job's summary page (GITHUB_STEP_SUMMARY).
            """
    )

    @Argument(help: "Chapters to run, by number or slug (default: all).")
    var chapters: [String] = []

    @Flag(name: .shortAndLong, help: "Show what every scenario printed.")
    var verbose = false

    @OptionGroup var timeLimit: TimeLimitOption

    @OptionGroup var options: TerminalOptions

    mutating func run() throws {
        let selection = ScenarioSelection()
        let chapters = try selection.chapters(named: chapters)
        var evidence = EvidenceReport(lines: [], passed: true)
        // Without the package's folder (a binary run elsewhere) there is nothing to read. With
        // it, a chapter that does not parse (a citation Markdown or the checker cannot read,
        // say) is an error at its line: its citations would otherwise go unchecked.
        if let root = try? PackageRoot.locate() {
            let book = try Book.load(packageRoot: root)
            for path in selection.staleChapters(comparedWith: book) {
                FileHandle.standardError.write(Data("warning: \(path) changed since its scenarios were generated; `swift run ScenarioCodegen` writes them again, then `swift run workbook run` builds them\n".utf8))
            }
            let named = book.chapters.filter { chapter in chapters.contains { $0.name == chapter.name } }
            evidence = EvidenceReport.check(named) { try OpenCombineCheckout.locate(packageRoot: root) }
        }
        let results = ScenarioRunner.current(timeLimit: timeLimit.seconds(or: ScenarioRunner.defaultTimeLimit)).results(for: chapters)
        let report = RunReport(results: results, isVerbose: verbose, terminal: options.terminal)
        print(report.text, terminator: "")
        // After the report, where they are not scrolled away: the citations that do not hold.
        for line in evidence.lines {
            FileHandle.standardError.write(Data("\(line)\n".utf8))
        }
        if let github = GitHubActions() {
            let summary = GitHubRunSummary(results: results)
            summary.annotations.forEach { print($0) }
            do {
                try github.appendToSummary(summary.markdown)
            } catch {
                FileHandle.standardError.write(Data("warning: \(error)\n".utf8))
            }
        }
        if !report.allPassed || !evidence.passed { throw ExitCode.failure }
    }
}
