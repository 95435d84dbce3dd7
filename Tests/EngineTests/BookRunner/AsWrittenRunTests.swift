import ChapterModel
import Foundation
import Testing
@testable import BookRunner
@testable import ChildProcesses
import WorkbookTestSupport

/// `workbook run` runs the chapter as it is written now, in a planted copy of the book:
/// an edited output block fails at the scenario's line with the diff, and an edited
/// scenario or a new chapter is never reported as passed. (On the old runner, which ran the
/// scenarios and output blocks compiled into the workbook, each edit passed.)
@Suite(.tags(.slow), .slow, .offThePool) struct AsWrittenRunTests {
    /// The first scenario of chapter 1 starts on this line, and its output holds this line once.
    /// The line of chapter 1's first scenario, as the chapter now reads.
    static var scenarioLine: Int {
        get throws {
            let path = "Chapters/01-demand.md"
            let text = try String(contentsOf: BuiltWorkbook.packageRoot.appendingPathComponent(path), encoding: .utf8)
            return try #require(try Chapter(path: path, markdown: text).scenarios.first?.line)
        }
    }

    /// The 1-based line of chapter 1 that holds `text`.
    static func line(holding text: String) throws -> Int {
        let chapter = try String(contentsOf: BuiltWorkbook.packageRoot.appendingPathComponent("Chapters/01-demand.md"), encoding: .utf8)
        return try #require(chapter.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }) + 1
    }
    static let printedLine = "tracer: got 10, asking for nothing more"
    static let printedStatement = #"print("-- the publisher waits: nobody has asked for a third value --")"#

    func run(_ book: PlantedBook, _ arguments: [String]) throws -> ChildProcess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_ACTIONS"] = nil
        return try ChildProcess(BuiltWorkbook.path, arguments, workingDirectory: book.root, environment: environment, timeout: 120).run()
    }

    @Test func anEditedOutputBlockFailsAtTheScenariosLineWithTheDiff() throws {
        let book = try PlantedBook()
        defer { book.remove() }
        try book.replace(Self.printedLine, with: "tracer: got 11, asking for nothing more", in: "Chapters/01-demand.md")
        let result = try run(book, ["run", "1", "--color", "never"])
        #expect(result.termination != .exited(0))
        #expect(result.standardOutput.contains("FAIL     01-demand#1"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Chapters/01-demand.md:\(try Self.scenarioLine)"))
        #expect(result.standardOutput.contains("- tracer: got 11, asking for nothing more"))
        #expect(result.standardOutput.contains("+ \(Self.printedLine)"))
    }

    @Test func theChapterAsCommittedPasses() throws {
        let book = try PlantedBook()
        defer { book.remove() }
        let result = try run(book, ["run", "1", "--color", "never"])
        #expect(result.termination == .exited(0), "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("passed"))
        #expect(!result.standardOutput.contains("FAIL"))
    }

    /// With no sources to build the scenario kit from, an edited scenario is refused with
    /// the command that runs it; the chapter's other, unchanged scenarios are not run either.
    @Test func anEditedScenarioThatCannotBeCompiledIsRefusedInOneLineNeverPassed() throws {
        let book = try PlantedBook()
        defer { book.remove() }
        try book.replace(Self.printedStatement, with: #"print("-- edited --")"#, in: "Chapters/01-demand.md")
        let result = try run(book, ["run", "1", "--color", "never"])
        #expect(result.termination != .exited(0))
        #expect(!result.standardOutput.contains("pass "), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("NOT RUN  01-demand#1"))
        #expect(result.standardOutput.contains("Chapters/01-demand.md was edited since the workbook was built and cannot be compiled here"))
        #expect(result.standardOutput.contains("run `swift run ScenarioCodegen && swift run workbook run 1`"))
    }

    @Test func aNewChapterIsRunOrRefusedNeverPassedNorUnknown() throws {
        let book = try PlantedBook(extra: ["Chapters/12-new.md": "# New\n\n```swift scenario\nprint(1)\n```\n\n```output\n1\n```\n"])
        defer { book.remove() }
        let result = try run(book, ["run", "12", "--color", "never"])
        #expect(result.termination != .exited(0))
        #expect(result.standardOutput.contains("NOT RUN  12-new#1"), "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("swift run workbook run 12"))
    }
}

/// An edited chapter compiled on its own against the scenario kit of this very package
/// (`.workbook/scenarios`, built on first use: minutes once, then a second or two).
@Suite(.tags(.slow), .slow, .offThePool) struct EditedChapterTests {
    let runner = AsWrittenRunner(runner: ScenarioRunner(executable: BuiltWorkbook.path), kit: ScenarioKit(packageRoot: BuiltWorkbook.packageRoot))

    /// The kit's first build takes a minute or more: waited for off the test pool, so that
    /// the rest of the run goes on meanwhile.
    func prepareTheKit() async throws {
        _ = try await offThePool { try ScenarioKit(packageRoot: BuiltWorkbook.packageRoot).prepared() }
    }

    func chapterOne(replacing old: String, with new: String) throws -> Chapter {
        let text = try String(contentsOf: BuiltWorkbook.packageRoot.appendingPathComponent("Chapters/01-demand.md"), encoding: .utf8)
        try #require(text.ranges(of: old).count == 1)
        return try Chapter(path: "Chapters/01-demand.md", markdown: text.replacingOccurrences(of: old, with: new))
    }

    @Test func anEditedScenarioRunsAsEdited() async throws {
        try await prepareTheKit()
        let chapter = try chapterOne(replacing: AsWrittenRunTests.printedStatement, with: #"print("-- edited --")"#)
        #expect(runner.source(of: chapter) == .edited)
        let results = runner.run(chapter).results
        try #require(results.count == chapter.scenarios.count)
        guard case .failed(let diff) = results[0].status else {
            Issue.record("scenario 1 was \(results[0].status.label), not FAIL")
            return
        }
        #expect(diff.lines.contains(.unexpected("-- edited --")))
        #expect(diff.lines.contains(.missing("-- the publisher waits: nobody has asked for a third value --")))
        #expect(results.dropFirst().allSatisfy { $0.passed }, "\(results.map(\.status.label))")
    }

    @Test func aCompileErrorIsAtTheChaptersOwnLine() async throws {
        try await prepareTheKit()
        let chapter = try chapterOne(replacing: "tracer.subscription?.request(.max(5))", with: "tracer.subscripton?.request(.max(5))")
        let results = runner.run(chapter).results
        guard case .notCompiled(let message) = results[0].status else {
            Issue.record("scenario 1 was \(results[0].status.label), not NOT COMPILED")
            return
        }
        #expect(message.hasPrefix("Chapters/01-demand.md:\(try AsWrittenRunTests.line(holding: "tracer.subscription?.request(.max(5))")):"), "\(message)")
        #expect(message.contains("error:"))
        #expect(results.dropFirst().allSatisfy { if case .notCompiled = $0.status { return true }; return false })
    }
}
