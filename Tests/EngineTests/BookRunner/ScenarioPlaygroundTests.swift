import ChapterModel
import Foundation
import Testing
@testable import BookRunner
import WorkbookTestSupport

@Suite struct ScenarioNameTests {
    let book = Book(chapters: [try! Chapter(path: "Chapters/04-amb.md", markdown: "# Amb\n\n```swift scenario\nprint(1)\n```\n\n```output\n1\n```\n")])

    @Test func namesAScenarioByChapterNumberOrSlugAndItsNumber() throws {
        for name in ["4#1", "amb#1", "04-amb#1"] {
            #expect(try ScenarioPlayground.scenario(named: name, in: book).1.number == 1)
        }
    }

    @Test func saysWhatThereIsWhenTheNameIsWrong() {
        #expect(throws: (any Error).self) { try ScenarioPlayground.scenario(named: "4", in: book) }
        let error = #expect(throws: ScenarioPlayground.UnknownScenario.self) { try ScenarioPlayground.scenario(named: "4#3", in: book) }
        #expect(error?.description == "Chapters/04-amb.md has scenarios 1 to 1, not 3")
    }
}

/// `workbook try`'s scratch file, compiled against this package's scenario kit: two edits,
/// two runs, each showing what the edit printed; a compile error at the scratch file's line.
@Suite(.tags(.slow), .slow, .offThePool) struct ScenarioPlaygroundTests {
    @Test func eachEditOfTheScratchFileRunsAsEdited() async throws {
        let book = try Book.load(packageRoot: BuiltWorkbook.packageRoot)
        let (chapter, scenario) = try ScenarioPlayground.scenario(named: "4#2", in: book)
        // This package's kit, and a scratch folder of the test's own: never the learner's Playground/.
        var playground = ScenarioPlayground(chapter: chapter, scenario: scenario, kit: ScenarioKit(packageRoot: BuiltWorkbook.packageRoot))
        playground.folder = ".workbook/try-test-\(UUID().uuidString)"
        // The kit's first build takes a minute or more: waited for off the test pool.
        playground.kit = try await offThePool { [kit = playground.kit] in try kit.prepared() }
        let file = playground.file
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try playground.lay(reset: true)
        playground.timeLimit = 20

        let asInTheBook = playground.run()
        #expect(asInTheBook.result.passed, "\(asInTheBook.result.status)")

        try Data(playground.bookText.replacingOccurrences(of: "second.send(6)", with: "second.send(60)").utf8).write(to: file)
        let first = playground.run()
        #expect(first.result.output.contains("amb: 60"), "\(first.result.output)")
        guard case .failed(let diff) = first.result.status else { Issue.record("\(first.result.status)"); return }
        #expect(diff.lines.contains(.unexpected("amb: 60")) && diff.lines.contains(.missing("amb: 6")))

        try Data(playground.bookText.replacingOccurrences(of: "second.send(6)", with: "second.send(61)").utf8).write(to: file)
        #expect(playground.run().result.output.contains("amb: 61"))

        let broken = playground.bookText.replacingOccurrences(of: "second.send(6)", with: "secnd.send(6)")
        try Data(broken.utf8).write(to: file)
        let line = broken.prefix(upTo: broken.range(of: "secnd")!.lowerBound).filter { $0 == "\n" }.count + 1
        guard case .notCompiled(let message) = playground.run().result.status else { Issue.record("it compiled"); return }
        #expect(message.hasPrefix("\(playground.path):\(line):"), "\(message)")
    }
}
