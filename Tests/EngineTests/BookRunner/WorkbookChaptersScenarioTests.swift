import ChapterModel
import Foundation
import Scenarios
import Testing
@testable import BookRunner
@testable import ChildProcesses
@testable import TerminalUI
import WorkbookTestSupport

/// Every scenario of every chapter, as the chapter is written now, prints exactly what its
/// output block says now.
@Suite(.tags(.slow), .slow, .offThePool) struct WorkbookChaptersScenarioTests {
    @Test func everyScenarioPrintsItsOutputBlock() throws {
        let book = try Book.load(packageRoot: BuiltWorkbook.packageRoot)
        let runner = AsWrittenRunner(runner: ScenarioRunner(executable: BuiltWorkbook.path), kit: ScenarioKit(packageRoot: BuiltWorkbook.packageRoot))
        let results = runner.results(for: book.chapters)
        #expect(!results.isEmpty)
        let terminal = Terminal(usesColor: false, width: 100)
        for result in results where result.isFailure { // An open question about Apple's Combine fails nothing.
            let report = RunReport(results: [result], isVerbose: false, terminal: terminal).text
            let heading = result.heading.map { " (\($0))" } ?? ""
            Issue.record("\(result.chapterPath):\(result.line): scenario \(result.id)\(heading) \(result.status.label):\n\(report)")
        }
    }

    /// Every citation of OpenCombine holds in the OpenCombine this package resolved. Here,
    /// unlike in `workbook run`, a checkout that cannot be found is a failure: the tests
    /// are what proves the book's evidence.
    @Test func everyCitationHoldsInTheResolvedOpenCombine() throws {
        let book = try Book.load(packageRoot: BuiltWorkbook.packageRoot)
        #expect(!book.chapters.flatMap(\.citations).isEmpty)
        let checkout = try OpenCombineCheckout.locate(packageRoot: BuiltWorkbook.packageRoot)
        for problem in EvidenceCheck(checkout: checkout).problems(in: book.chapters) {
            Issue.record("\(problem)")
        }
    }

    /// `workbook run` fails on a citation that does not hold, at its chapter line, after
    /// running the scenarios: here a copy of chapter 1 with one quote changed, in a package
    /// folder of its own.
    @Test func workbookRunFailsOnABrokenCitationAtItsLine() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-planted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        let manager = FileManager.default
        try manager.createDirectory(at: package.appendingPathComponent("Chapters"), withIntermediateDirectories: true)
        try manager.createDirectory(at: package.appendingPathComponent("Sources/ExerciseStubs"), withIntermediateDirectories: true)
        try manager.copyItem(at: BuiltWorkbook.packageRoot.appendingPathComponent("Package.swift"), to: package.appendingPathComponent("Package.swift"))
        let chapter = try String(contentsOf: BuiltWorkbook.packageRoot.appendingPathComponent("Chapters/01-demand.md"), encoding: .utf8)
        let original = "\"demand cannot be negative\""
        try #require(chapter.contains(original))
        try Data(chapter.replacingOccurrences(of: original, with: "\"demand may be negative\"").utf8)
            .write(to: package.appendingPathComponent("Chapters/01-demand.md"))
        let line = chapter.prefix(upTo: chapter.range(of: original)!.lowerBound).filter { $0 == "\n" }.count + 1

        let result = try ChildProcess(BuiltWorkbook.path, ["run", "1"], workingDirectory: package, timeout: 60).run()
        #expect(result.termination != .exited(0))
        #expect(result.standardOutput.contains("passed"))
        #expect(result.standardError.contains("Chapters/01-demand.md:\(line): error: Subscribers.Demand.swift:56-58 does not hold \"demand may be negative\""), "\(result.standardError)")
    }

    /// The compiled scenarios are the ones in `Chapters/`: the build picked up every edit.
    @Test func theCompiledScenariosMatchTheChapters() throws {
        let book = try Book.load(packageRoot: BuiltWorkbook.packageRoot)
        #expect(ScenarioSelection().staleChapters(comparedWith: book) == [])
        #expect(ScenarioCatalog.chapters.map(\.name) == book.chapters.map(\.name))
    }
}
