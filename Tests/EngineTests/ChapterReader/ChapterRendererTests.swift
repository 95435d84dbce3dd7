import ChapterModel
import ExerciseCatalog
import Testing
@testable import TerminalUI
@testable import ChapterReader

@Suite struct ChapterRendererTests {
    let markdown = """
        # A title

        Prose with *emphasis*, **strong**, `inline code` and a [link](https://example.com) that goes on long enough to wrap.

        ## A section

        ### A subsection

        1. first
           - nested item that is also long enough to need wrapping at a narrow width
        2. second

        > quoted words

        ```swift
        let aVeryLongLineOfCodeThatMustNeverBeWrappedWhateverTheWidthOfTheTerminal = 1
        ```

        ```swift scenario
        print("hi")
        ```

        ```output
        hi
        ```
        """

    func render(width: Int = 40, color: Bool = false) throws -> String {
        let chapter = try Chapter(path: "Chapters/03-fibonacci.md", markdown: markdown)
        return ChapterRenderer(terminal: Terminal(usesColor: color, width: width)).render(chapter)
    }

    @Test func endsByNamingTheChaptersExercisesAndHowToCheckThem() throws {
        let chapter = try Chapter(path: "Chapters/03-fibonacci.md", markdown: markdown)
        let countdown = Exercise(name: "Countdown", chapter: "03-fibonacci", summary: "a publisher of your own", hints: ["h"], points: 10)
        let text = ChapterRenderer(terminal: Terminal(usesColor: false, width: 200)).render(chapter, exercises: [countdown])
        #expect(text.contains("Practise it: edit Exercises/Countdown.swift (a publisher of your own), then swift run workbook check Countdown"))
    }

    @Test func wrapsProseToTheWidthButNeverCode() throws {
        let lines = try render(width: 40).split(separator: "\n").map(String.init)
        let codeLine = try #require(lines.first { $0.contains("aVeryLongLine") })
        #expect(codeLine.count > 40)
        for line in lines where line != codeLine {
            #expect(line.count <= 40, "\(line)")
        }
    }

    @Test func keepsMarkdownMarksWithoutColour() throws {
        let text = try render(width: 200)
        #expect(text.contains("Prose with *emphasis*, **strong**, `inline code` and a link (https://example.com)"))
        #expect(!text.contains("\u{1B}["))
    }

    @Test func showsACitationAsItsTextAndFileLinesNeverItsURL() throws {
        let markdown = """
            # T

            `Scan` hands the subscription down ([its inner](opencombine:Sources/OpenCombine/Publishers/Publishers.Scan.swift#L156-L188 "Inner")), \
            as [`Publishers.Scan.swift:156-188`](opencombine:Sources/OpenCombine/Publishers/Publishers.Scan.swift#L156-L188 "Inner") shows; \
            see [line 160](opencombine:Sources/OpenCombine/Publishers/Publishers.Scan.swift#L160 "Inner").
            """
        let chapter = try Chapter(path: "Chapters/07-operators.md", markdown: markdown)
        let text = ChapterRenderer(terminal: Terminal(usesColor: false, width: 300)).render(chapter)
        #expect(text.contains("(its inner (Publishers.Scan.swift:156-188))"))
        #expect(text.contains("as `Publishers.Scan.swift:156-188` shows"))
        #expect(text.contains("line 160 (Publishers.Scan.swift:160)"))
        #expect(!text.contains("opencombine:"))
    }

    @Test func stylesInsteadOfMarkingWithColour() throws {
        let text = try render(width: 200, color: true)
        #expect(text.contains("\u{1B}["))
        #expect(!text.contains("*emphasis*"))
        #expect(!text.contains("`inline code`"))
    }

    @Test func endsWithHowToRunTheScenariosAndWhatToReadNext() throws {
        let chapter = try Chapter(path: "Chapters/03-fibonacci.md", markdown: markdown)
        let next = try Chapter(path: "Chapters/04-amb.md", markdown: "# Amb\n")
        let renderer = ChapterRenderer(terminal: Terminal(usesColor: false, width: 80))
        #expect(renderer.render(chapter, next: next).hasSuffix("\nRun this chapter's 1 scenario with swift run workbook run 3\nNext, chapter 4, Amb: swift run workbook read 4\n"))
        #expect(renderer.render(chapter).hasSuffix("\nRun this chapter's 1 scenario with swift run workbook run 3\n"))
    }

    @Test func wrapsAScenarioLabelBehindTheFrame() throws {
        let text = try render(width: 30)
        #expect(text.contains("┌─ Scenario 3.1 · try it:\n│  swift run workbook try 3#1\n│ print(\"hi\")\n"))
    }

    @Test func underlinesHeadings() throws {
        let lines = try render().split(separator: "\n").map(String.init)
        let title = try #require(lines.firstIndex(of: "A title"))
        #expect(lines[title + 1] == String(repeating: "═", count: 7))
        let section = try #require(lines.firstIndex(of: "A section"))
        #expect(lines[section + 1] == String(repeating: "─", count: 9))
        #expect(lines.contains("### A subsection"))
        #expect(try render(color: true).contains("A subsection"))
        #expect(try !render(color: true).contains("### A subsection"))
    }

    @Test func indentsNestedListsAndQuotes() throws {
        let lines = try render(width: 40).split(separator: "\n").map(String.init)
        #expect(lines.contains("1. first"))
        #expect(lines.contains("   • nested item that is also long"))
        #expect(lines.contains("     enough to need wrapping at a narrow"))
        #expect(lines.contains("2. second"))
        #expect(lines.contains("│ quoted words"))
    }

    @Test func labelsAScenarioWithTheCommandThatRunsItAndShowsItsOutput() throws {
        let text = try render(width: 80)
        #expect(text.contains("┌─ Scenario 3.1 · try it: swift run workbook try 3#1\n│ print(\"hi\")\n├─ prints\n│ hi\n└─\n"))
    }

    /// A link to another repository's file at a commit (docs/evidence/) shows the repository
    /// and the commit, not its long URL, which would not wrap.
    @Test func showsAPinnedSourceAsItsRepositoryAndCommit() throws {
        let markdown = "# T\n\nSee [Spec.swift:19-21](https://github.com/cx-org/CombineX/blob/299bc0f8861f7aa6708780457aeeafab1c51eaa7/Tests/Spec.swift#L19-L21 \"q\") and [docs](https://example.com).\n"
        let chapter = try Chapter(path: "Chapters/03-t.md", markdown: markdown)
        let text = ChapterRenderer(terminal: Terminal(usesColor: false, width: 200)).render(chapter)
        #expect(text.contains("See Spec.swift:19-21 (CombineX at 299bc0f) and docs (https://example.com)."), "\(text)")
    }

    /// The fence's `apple-unverified`, in the reader's words, beside the scenario's label.
    @Test func marksAScenarioWhoseOutputIsOpenCombinesOnly() throws {
        let markdown = "# T\n\n```swift scenario apple-unverified\nprint(1)\n```\n\n```output\n1\n```\n\n```swift scenario\nprint(2)\n```\n\n```output\n2\n```\n"
        let chapter = try Chapter(path: "Chapters/03-t.md", markdown: markdown)
        #expect(chapter.scenarios.map(\.isAppleUnverified) == [true, false])
        let text = ChapterRenderer(terminal: Terminal(usesColor: false, width: 200)).render(chapter)
        #expect(text.contains("┌─ Scenario 3.1 · try it: swift run workbook try 3#1 · OpenCombine's output, not yet run on Apple's Combine\n"), "\(text)")
        #expect(text.contains("┌─ Scenario 3.2 · try it: swift run workbook try 3#2\n"), "\(text)")
    }
}

@Suite struct ChapterRendererDriftTests {
    @Test func flagsAnExcerptThatDriftedWhereItIsShown() throws {
        let chapter = try Chapter(path: "Chapters/02-mysink.md", markdown: "# T\n\n```swift excerpt=Sources/A.swift#a\nlet a = 1\n```\n")
        let drift = ExcerptCheck.Drift(chapter: "Chapters/02-mysink.md", line: 3, reference: "Sources/A.swift#a", problem: "quotes a file that does not exist")
        let flagged = ChapterRenderer(terminal: Terminal(usesColor: false, width: 80), drifts: [drift]).render(chapter)
        #expect(flagged.contains("│ let a = 1\n├─ out of date: this excerpt quotes a file that does not exist\n└─\n"))
        let clean = ChapterRenderer(terminal: Terminal(usesColor: false, width: 80)).render(chapter)
        #expect(clean.contains("┌─ Sources/A.swift · a\n│ let a = 1\n└─\n"))
    }
}
