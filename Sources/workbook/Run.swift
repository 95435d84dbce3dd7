import ArgumentParser
import SharedCommands
import ChapterModel
import Foundation
import BookRunner
import ExerciseCatalog
import TerminalUI

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the chapters' scenarios and compare what they print with the chapter.",
        discussion: """
            Runs every scenario of the named chapters (all chapters when none is named) and prints a \
            line per scenario: pass, FAIL (with a diff of expected and printed lines), CRASHED (with \
            the trap's message) or TIMED OUT. It runs each chapter as it is written now: a chapter \
            whose scenarios changed since the workbook was built is compiled on its own first (NOT \
            COMPILED shows the compiler's error at the chapter's line), and the output is always \
            compared with the output blocks in the file now. Then checks the chapters' citations of OpenCombine \
            against the sources the package resolved, a line per citation that does not hold. \
            Exits non-zero unless every scenario passes and every citation holds.

            A scenario the chapter marks apple-unverified (```swift scenario apple-unverified) \
            holds output shown only on OpenCombine. On Apple's Combine, such a scenario that prints \
            something else is reported as APPLE DIFFERS, with both outputs, and fails nothing; the \
            run ends with a count of them. WORKBOOK_COMBINE=apple judges a run on Linux as if on \
            Apple's Combine.

            On GitHub Actions (GITHUB_ACTIONS=true), each scenario that did not pass is also an \
            error annotation on its chapter line (a warning for APPLE DIFFERS), and a table of them \
            (chapter line, scenario, first differing line) is appended to the job's summary page \
            (GITHUB_STEP_SUMMARY).
            """
    )

    @Argument(help: "Chapters to run, by number or slug (default: all).")
    var chapters: [String] = []

    @Flag(name: .shortAndLong, help: "Show what every scenario printed.")
    var verbose = false

    @Option(name: .customLong("apple-report"), help: ArgumentHelp(
        "Also write the scenarios marked apple-unverified, with what each printed, to this Markdown file.",
        valueName: "file"))
    var appleReport: String?

    @OptionGroup var timeLimit: TimeLimitOption

    @OptionGroup var options: TerminalOptions

    mutating func run() throws {
        let root = try PackageRoot.locate()
        // The chapters as they are written now: their code, their output blocks, their lines.
        let book = try Book.load(packageRoot: root)
        let named = chapters.isEmpty ? book.chapters : try chapters.map(book.chapter(named:))
        let evidence = EvidenceReport.check(named) { try OpenCombineCheckout.locate(packageRoot: root) }
        let progress = StepProgress()
        var runner = AsWrittenRunner(
            runner: .current(timeLimit: timeLimit.seconds(or: ScenarioRunner.defaultTimeLimit)),
            kit: ScenarioKit(packageRoot: root),
            log: { line in progress.finish(); FileHandle.standardError.write(Data("\(line)\n".utf8)) })
        runner.kitProgress = progress.counting("building the scenario kit")
        var results: [ScenarioResult] = []
        for (index, chapter) in named.enumerated() {
            progress.step("running scenarios, chapter", index + 1, of: named.count)
            results += runner.run(chapter).results
        }
        progress.finish()
        let report = RunReport(results: results, isVerbose: verbose, terminal: options.terminal, combine: runner.combine)
        print(report.text, terminator: "")
        if let appleReport {
            let questions = AppleOpenQuestions(results: results, combine: runner.combine)
            do {
                try Data(questions.markdown.utf8).write(to: URL(fileURLWithPath: appleReport))
            } catch {
                FileHandle.standardError.write(Data("warning: cannot write \(appleReport): \(error.localizedDescription)\n".utf8))
            }
        }
        // After the report, where they are not scrolled away: the citations that do not hold.
        for line in evidence.lines {
            FileHandle.standardError.write(Data("\(line)\n".utf8))
        }
        if let github = GitHubActions() {
            let summary = GitHubRunSummary(results: results, combine: runner.combine.description)
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
