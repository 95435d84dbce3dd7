import ChapterModel
import Foundation
import Testing
@testable import BookRunner
@testable import ChildProcesses
@testable import TerminalUI
import WorkbookTestSupport

/// A scenario marked `apple-unverified` that prints something else is, on Apple's Combine,
/// an open question (reported with both outputs, counted, failing nothing); on OpenCombine,
/// and for every unmarked scenario, a failure. Judged here without running anything.
@Suite struct AppleMarkJudgementTests {
    func result(marked: Bool, on combine: CombineImplementation, printed: String = "b\n") -> ScenarioResult {
        ScenarioResult(id: ScenarioID(chapter: "01-demand", number: 1), chapterPath: "Chapters/01-demand.md", line: 10, heading: "A buffer",
                       expectedOutput: "a\n", outcome: .finished(output: printed), isAppleUnverified: marked, combine: combine)
    }

    @Test func aMarkedMismatchOnAppleIsAnOpenQuestion() {
        let open = result(marked: true, on: .apple)
        #expect(open.status == .differsOnApple(LineDiff(expected: "a\n", actual: "b\n")))
        #expect(!open.isFailure)
        #expect(!open.passed)
    }

    @Test func anUnmarkedMismatchOnAppleFails() {
        #expect(result(marked: false, on: .apple).status == .failed(LineDiff(expected: "a\n", actual: "b\n")))
        #expect(result(marked: false, on: .apple).isFailure)
    }

    @Test func aMarkedMismatchOnOpenCombineFails() {
        #expect(result(marked: true, on: .openCombine).isFailure)
    }

    @Test func aMarkedMatchPasses() {
        #expect(result(marked: true, on: .apple, printed: "a\n").status == .passed)
    }

    @Test func theSwitchSelectsTheApplePathOnLinux() {
        #if !canImport(Combine)
        #expect(CombineImplementation.current(environment: [:]) == .openCombine)
        #expect(CombineImplementation.current(environment: ["WORKBOOK_COMBINE": "apple"]) == .apple)
        #expect(CombineImplementation.current(environment: ["WORKBOOK_COMBINE": "opencombine"]) == .openCombine)
        #else
        #expect(CombineImplementation.current(environment: [:]) == .apple)
        #endif
    }

    @Test func theReportShowsBothOutputsAndEndsWithTheCount() {
        let results = [result(marked: true, on: .apple), result(marked: true, on: .apple, printed: "a\n"), result(marked: false, on: .apple, printed: "a\n")]
        let report = RunReport(results: results, isVerbose: false, terminal: Terminal(usesColor: false, width: 200), combine: .apple)
        #expect(report.allPassed)
        let text = report.text
        #expect(text.contains("APPLE DIFFERS  01-demand#1  A buffer  Chapters/01-demand.md:10"), "\(text)")
        #expect(text.contains("the chapter's output, OpenCombine's:\n        a\n"), "\(text)")
        #expect(text.contains("printed here, on Apple's Combine:\n        b\n"), "\(text)")
        #expect(text.contains("3 scenarios: 2 passed, 1 differs on Apple's Combine"), "\(text)")
        #expect(text.hasSuffix("Apple's Combine: 2 scenarios are marked apple-unverified; 1 of them prints something other than OpenCombine, open questions rather than failures (docs/learning.md, \"On a Mac\")\n"), "\(text)")
    }

    @Test func onOpenCombineTheCountSaysTheOutputsAreOpenCombines() {
        let report = RunReport(results: [result(marked: true, on: .openCombine, printed: "a\n")], isVerbose: false,
                               terminal: Terminal(usesColor: false, width: 200), combine: .openCombine)
        #expect(report.text.hasSuffix("1 scenario is marked apple-unverified: their output is OpenCombine's, not yet run on Apple's Combine\n"), "\(report.text)")
    }

    @Test func theListForTheMacWorkflowHoldsEveryMarkedScenarioAndBothOutputs() {
        let questions = AppleOpenQuestions(results: [result(marked: true, on: .apple), result(marked: false, on: .apple, printed: "a\n")], combine: .apple)
        #expect(questions.marked.count == 1)
        #expect(questions.markdown.contains("1 marked; 1 printed something other than the chapter's output"))
        #expect(questions.markdown.contains("The chapter's output (OpenCombine's):\n\n```text\na\n```"))
        #expect(questions.markdown.contains("Printed on Apple's Combine:\n\n```text\nb\n```"))
    }

    @Test func anOpenQuestionIsAWarningOnGitHubNotAnError() {
        let summary = GitHubRunSummary(results: [result(marked: true, on: .apple), result(marked: false, on: .apple)], combine: "Apple's Combine")
        #expect(summary.annotations.count == 2)
        #expect(summary.annotations[0].hasPrefix("::warning file="))
        #expect(summary.annotations[1].hasPrefix("::error file="))
    }
}

/// The same, end to end: the built `workbook`, on a planted copy of the book, judging as on
/// Apple's Combine (`WORKBOOK_COMBINE=apple`). A planted mismatch in a marked scenario is
/// reported and counted, and the run passes; in an unmarked one, the run fails.
@Suite(.tags(.slow), .slow, .offThePool) struct AppleMarksTests {
    /// Chapter 1's first marked scenario prints this line, and no other scenario of it does.
    static let markedLine = "source: request unlimited"
    /// Chapter 1's first scenario (unmarked) prints this line.
    static let unmarkedLine = "tracer: got 10, asking for nothing more"

    func run(_ book: PlantedBook, _ arguments: [String]) throws -> ChildProcess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_ACTIONS"] = nil
        environment[CombineImplementation.environmentVariable] = "apple"
        return try ChildProcess(BuiltWorkbook.path, arguments, workingDirectory: book.root, environment: environment, timeout: 120).run()
    }

    @Test func aMismatchInAMarkedScenarioIsReportedNotFailed() throws {
        let book = try PlantedBook()
        defer { book.remove() }
        try book.replace("\(Self.markedLine)\nreader: asks for 1", with: "source: request max: (1)\nreader: asks for 1", in: "Chapters/01-demand.md")
        let report = book.root.appendingPathComponent("apple.md")
        let result = try run(book, ["run", "1", "--color", "never", "--apple-report", report.path])
        #expect(result.termination == .exited(0), "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("APPLE DIFFERS"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("printed here, on Apple's Combine:"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("  \(Self.markedLine)"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("of them prints something other than OpenCombine"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("FAIL"))
        let list = try String(contentsOf: report, encoding: .utf8)
        #expect(list.contains("printed something other than the chapter's output"), "\(list)")
        #expect(list.contains("source: request max: (1)"), "\(list)")
    }

    @Test func aMismatchInAnUnmarkedScenarioFails() throws {
        let book = try PlantedBook()
        defer { book.remove() }
        try book.replace(Self.unmarkedLine, with: "tracer: got 11, asking for nothing more", in: "Chapters/01-demand.md")
        let result = try run(book, ["run", "1", "--color", "never"])
        #expect(result.termination != .exited(0))
        #expect(result.standardOutput.contains("FAIL "), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("APPLE DIFFERS"))
    }
}
