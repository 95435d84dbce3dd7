import Foundation
import Testing
@testable import ChapterModel

/// Every mistake in a chapter is an error naming the file and line, never a silent skip.
@Suite struct MalformedChapterTests {
    func parseError(in markdown: String, path: String = "Chapters/03-fibonacci.md") -> ChapterError? {
        do {
            _ = try Chapter(path: path, markdown: markdown)
            return nil
        } catch let error as ChapterError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func aScenarioWithoutAnOutputBlockIsAnError() throws {
        let error = try #require(parseError(in: "# T\n\n```swift scenario\nprint(1)\n```\n"))
        #expect(error.line == 3)
        #expect(error.description.hasPrefix("Chapters/03-fibonacci.md:3: "))
        #expect(error.message.contains("```output"))
    }

    @Test func aSourceLocationLineInAScenarioIsAnErrorOnItsLine() throws {
        let error = try #require(parseError(in: "# T\n\n```swift scenario\nlet a = 1\n#sourceLocation(file: \"x.swift\", line: 1)\nprint(a)\n```\n\n```output\n1\n```\n"))
        #expect(error.line == 5)
        #expect(error.message.contains("#sourceLocation"))
    }

    @Test func invalidUTF8IsAnErrorNamingTheFileTheLineAndTheByte() throws {
        var bytes = Array("# T\n\nfine\n".utf8)
        bytes += [0x66, 0xFF, 0x0A]
        do {
            _ = try ChapterText.decode(Data(bytes), path: "Chapters/07-bad.md")
            Issue.record("decoded invalid UTF-8")
        } catch let error as ChapterError {
            #expect(error.description == "Chapters/07-bad.md:4: not valid UTF-8 (the first bad byte is at offset 11); save the chapter as UTF-8")
        }
    }

    @Test func proseBetweenAScenarioAndItsOutputIsAnError() throws {
        let error = try #require(parseError(in: "# T\n\n```swift scenario\nprint(1)\n```\n\nSome words.\n\n```output\n1\n```\n"))
        #expect(error.line == 3)
    }

    @Test func anOutputBlockWithoutAScenarioIsAnError() throws {
        let error = try #require(parseError(in: "# T\n\nWords.\n\n```output\n1\n```\n"))
        #expect(error.description == "Chapters/03-fibonacci.md:5: an ```output block must come right after a ```swift scenario block")
    }

    @Test func anUnknownWordInTheInfoStringIsAnError() throws {
        let error = try #require(parseError(in: "# T\n\n```swift scenarios\nprint(1)\n```\n"))
        #expect(error.line == 3)
        #expect(error.message.contains("`scenarios`"))
        let output = try #require(parseError(in: "# T\n\n```swift scenario\nprint(1)\n```\n```output text\n1\n```\n"))
        #expect(output.line == 6)
    }

    @Test func aChapterWithoutATitleIsAnError() throws {
        let error = try #require(parseError(in: "## Not a title\n\nWords.\n"))
        #expect(error.description == "Chapters/03-fibonacci.md:1: a chapter starts with a `# Title` heading")
    }

    @Test func aMisnamedFileIsAnError() throws {
        for path in ["Chapters/fibonacci.md", "Chapters/03_fibonacci.md", "Chapters/03-.md", "Chapters/03-fib onacci.md"] {
            let error = try #require(parseError(in: "# T\n", path: path))
            #expect(error.line == nil)
            #expect(error.description.hasPrefix("\(path): "))
        }
    }
}
