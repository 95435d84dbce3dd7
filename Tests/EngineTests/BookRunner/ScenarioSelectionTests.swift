import ChapterModel
import Scenarios
import Testing
@testable import BookRunner

@Suite struct ScenarioSelectionTests {
    let selection = ScenarioSelection(compiled: [
        ChapterScenarios(number: 1, slug: "demand", name: "01-demand", title: "Demand", path: "Chapters/01-demand.md", scenarios: [
            CompiledScenario(number: 1, heading: nil, line: 5, outputLine: 9, code: "print(1)\n", expectedOutput: "1\n", run: {}),
        ]),
        ChapterScenarios(number: 2, slug: "mysink", name: "02-mysink", title: "MySink", path: "Chapters/02-mysink.md", scenarios: []),
    ])

    @Test func namesChaptersByNumberOrSlugAndDefaultsToAll() throws {
        #expect(try selection.chapters(named: []).map(\.number) == [1, 2])
        #expect(try selection.chapters(named: ["mysink", "1"]).map(\.number) == [2, 1])
        #expect(throws: UnknownChapter(name: "amb", validNames: ["1 demand", "2 mysink"])) { try selection.chapters(named: ["amb"]) }
    }

    @Test func noticesChaptersChangedSinceTheBuild() throws {
        let unchanged = try Chapter(path: "Chapters/01-demand.md", markdown: "# Demand\n\n```swift scenario\nprint(1)\n```\n\n```output\n1\n```\n")
        let changed = try Chapter(path: "Chapters/01-demand.md", markdown: "# Demand\n\n```swift scenario\nprint(2)\n```\n\n```output\n2\n```\n")
        let mySink = try Chapter(path: "Chapters/02-mysink.md", markdown: "# MySink\n")
        let added = try Chapter(path: "Chapters/03-new.md", markdown: "# New\n")
        #expect(selection.staleChapters(comparedWith: Book(chapters: [unchanged, mySink])).isEmpty)
        #expect(selection.staleChapters(comparedWith: Book(chapters: [changed, mySink, added])) == ["Chapters/01-demand.md", "Chapters/03-new.md"])
        #expect(selection.staleChapters(comparedWith: Book(chapters: [])) == ["Chapters/01-demand.md", "Chapters/02-mysink.md"])
    }
}
