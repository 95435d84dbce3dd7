import ChapterModel
import Scenarios
import Testing
@testable import WorkbookEngine

/// Every scenario of every chapter prints exactly what its chapter says.
@Suite struct WorkbookChaptersScenarioTests {
    @Test func everyScenarioPrintsItsOutputBlock() {
        let results = ScenarioRunner(executable: BuiltWorkbook.path).results(for: ScenarioCatalog.chapters)
        #expect(!results.isEmpty)
        let terminal = Terminal(usesColor: false, width: 100)
        for result in results where !result.passed {
            let report = RunReport(results: [result], isVerbose: false, terminal: terminal).text
            let heading = result.heading.map { " (\($0))" } ?? ""
            Issue.record("\(result.chapterPath):\(result.line): scenario \(result.id)\(heading) \(result.status.label):\n\(report)")
        }
    }

    /// The compiled scenarios are the ones in `Chapters/`: the build picked up every edit.
    @Test func theCompiledScenariosMatchTheChapters() throws {
        let book = try Book.load(packageRoot: BuiltWorkbook.packageRoot)
        #expect(ScenarioSelection().staleChapters(comparedWith: book) == [])
        #expect(ScenarioCatalog.chapters.map(\.name) == book.chapters.map(\.name))
    }
}
