import Testing
@testable import ChapterModel
@testable import WorkbookBasics

/// The Swift generated for the Scenarios target.
@Suite struct ChapterSourceTests {
    let chapter = """
        # Operators

        ```swift scenario
        extension Publisher {
            func twice() -> Int { 2 }
        }
        let cancellable = Just(1).sink { print($0) }
        var count: Int = 0
        print("done")
        ```

        ```output
        1
        done
        ```
        """

    var text: String {
        get throws { ChapterSource(chapter: try Chapter(path: "Chapters/04-amb.md", markdown: chapter)).text }
    }

    @Test func locatesEachPieceOfCodeAtItsChapterLine() throws {
        let text = try text
        // The extension starts on line 4 of the chapter, the statements after it on line 7.
        #expect(text.contains("#sourceLocation(file: \"Chapters/04-amb.md\", line: 4)\nfileprivate extension Publisher {\n"))
        #expect(text.contains("#sourceLocation(file: \"Chapters/04-amb.md\", line: 7)\nlet cancellable = Just(1).sink { print($0) }\n"))
    }

    @Test func movesExtensionsOutOfTheScenarioFunction() throws {
        let text = try text
        let extensionIndex = try #require(text.range(of: "fileprivate extension Publisher")).lowerBound
        let functionIndex = try #require(text.range(of: "private func chapter_04_amb_scenario1()")).lowerBound
        #expect(extensionIndex < functionIndex)
    }

    @Test func keepsEveryTopLevelBindingAliveToTheEnd() throws {
        let text = try text
        #expect(text.contains("print(\"done\")\n#sourceLocation()\nwithExtendedLifetime(cancellable) {}\nwithExtendedLifetime(count) {}\n}\n"))
    }

    @Test func catalogsTheScenarioWithItsExpectedOutput() throws {
        let text = try text
        #expect(text.contains("static let chapter_04_amb = ChapterScenarios("))
        #expect(text.contains("expectedOutput: \"1\\ndone\\n\","))
        #expect(text.contains("run: chapter_04_amb_scenario1"))
    }

    @Test func listsTheChaptersInTheCatalog() {
        let text = CatalogSource(chapterNames: ["01-demand", "02-my-sink"]).text
        #expect(text.contains("        chapter_01_demand,\n        chapter_02_my_sink,\n"))
    }

    @Test func spellsAnyTextAsASwiftLiteral() {
        #expect(SwiftLiteral.string("a \"b\" \\ \n\t\u{1}é") == "\"a \\\"b\\\" \\\\ \\n\\t\\u{1}é\"")
        #expect(SwiftLiteral.optionalString(nil) == "nil")
    }

    @Test func findsNamesBoundAtTheStartOfALine() {
        #expect(ScenarioSplit.boundName("let cancellable = x") == "cancellable")
        #expect(ScenarioSplit.boundName("var count: Int = 0") == "count")
        #expect(ScenarioSplit.boundName("    let indented = 1") == nil)
        #expect(ScenarioSplit.boundName("let (a, b) = pair") == nil)
        #expect(ScenarioSplit.boundName("let _ = x") == nil)
    }
}
