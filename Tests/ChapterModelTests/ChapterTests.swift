import Testing
@testable import ChapterModel

@Suite struct ChapterTests {
    let chapter: Chapter

    init() throws {
        chapter = try Chapter(path: "Chapters/07-slow-demand.md", markdown: Fixtures.chapter)
    }

    @Test func takesNumberAndSlugFromTheFileNameAndTitleFromTheFirstHeading() {
        #expect(chapter.number == 7)
        #expect(chapter.slug == "slow-demand")
        #expect(chapter.name == "07-slow-demand")
        #expect(chapter.title == "Demand, slowly")
    }

    @Test func pairsEachScenarioWithTheOutputBlockAfterIt() throws {
        let scenarios = chapter.scenarios
        try #require(scenarios.count == 2)
        #expect(scenarios[0] == Scenario(number: 1, code: "print(\"one\")\nprint(\"two\")\n", line: 7, expectedOutput: "one\ntwo\n", outputLine: 12, heading: "Asking for two"))
        #expect(scenarios[0].codeLine == 8)
        #expect(scenarios[1].number == 2)
        #expect(scenarios[1].code == "print(\"nested\")\n")
        #expect(scenarios[1].line == 20)
        #expect(scenarios[1].outputLine == 24)
    }

    @Test func keepsProseInlinesWithTheirStyles() throws {
        let paragraph = chapter.blocks.compactMap { block -> [Inline]? in
            if case .paragraph(let inlines) = block { return inlines }
            return nil
        }.first
        #expect(paragraph == [
            .text("Intro with "), .strong([.text("strong")]), .text(", "), .code("code"), .text(" and a "),
            .link(text: [.text("link")], destination: "https://example.com"), .text("."),
        ])
    }

    @Test func nestsListsAndKeepsTheScenarioInside() throws {
        guard case .list(let outer)? = chapter.blocks.first(where: { if case .list = $0 { return true }; return false }) else {
            Issue.record("no list in \(chapter.blocks)")
            return
        }
        #expect(!outer.isOrdered)
        guard case .list(let inner)? = outer.items[0].last else {
            Issue.record("no nested list in \(outer.items[0])")
            return
        }
        #expect(inner.items[0].contains { if case .scenario = $0 { return true }; return false })
    }

    @Test func recognisesExcerptsPlainCodeQuotesAndRules() {
        #expect(chapter.excerpts == [Excerpt(source: "Sources/Lib/Thing.swift", region: "body", code: "let x = 1\n", line: 30)])
        #expect(chapter.blocks.contains(.code(CodeBlock(language: "sh", code: "swift run workbook\n", line: 34))))
        #expect(chapter.blocks.contains(.blockQuote([.paragraph([.text("A quote.")])])))
        #expect(chapter.blocks.last == .thematicBreak)
    }

    @Test func aChapterWithoutScenariosHasNone() throws {
        let chapter = try Chapter(path: "Chapters/01-a.md", markdown: "# A\n\nJust prose.\n")
        #expect(chapter.scenarios.isEmpty)
    }
}
