import Foundation
import Testing
@testable import ChapterModel

@Suite struct ExcerptCheckTests {
    func drifts(chapter markdown: String, source: String?) throws -> [ExcerptCheck.Drift] {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        if let source { try Fixtures.write(source, to: root.appendingPathComponent("Sources/Lib/Thing.swift")) }
        let chapter = try Chapter(path: "Chapters/02-thing.md", markdown: markdown)
        return ExcerptCheck(packageRoot: root).drifts(in: chapter)
    }

    let chapter = "# Thing\n\nText.\n\n```swift excerpt=Sources/Lib/Thing.swift#body\nlet x = 1\nlet y = 2\n```\n"

    @Test func anExcerptIdenticalToItsSourcePasses() throws {
        let source = "enum Thing {\n    // [excerpt: body]\n    let x = 1\n    let y = 2\n    // [/excerpt]\n}\n"
        #expect(try drifts(chapter: chapter, source: source).isEmpty)
    }

    @Test func anExcerptThatDriftedNamesChapterLineSourceAndTheDifference() throws {
        let source = "// [excerpt: body]\nlet x = 1\nlet y = 3\n// [/excerpt]\n"
        let drifts = try drifts(chapter: chapter, source: source)
        #expect(drifts.map(\.description) == [
            "Chapters/02-thing.md:5: excerpt Sources/Lib/Thing.swift#body differs from the source at its line 2: the chapter has `let y = 2`, the source has `let y = 3`",
        ])
    }

    @Test func aMissingFileOrRegionIsADrift() throws {
        #expect(try drifts(chapter: chapter, source: nil).map(\.problem) == ["quotes a file that does not exist"])
        #expect(try drifts(chapter: chapter, source: "let x = 1\n").map(\.problem) == ["cannot be found: the file has no `// [excerpt: body]` marker"])
    }

    @Test func anExcerptShorterThanItsSourceIsADrift() throws {
        let source = "// [excerpt: body]\nlet x = 1\nlet y = 2\nlet z = 3\n// [/excerpt]\n"
        #expect(try drifts(chapter: chapter, source: source).first?.problem
            == "differs from the source at its line 3: the chapter has nothing more, the source has `let z = 3`")
    }
}
