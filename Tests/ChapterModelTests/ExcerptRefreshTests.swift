import Foundation
import Testing
@testable import ChapterModel

@Suite struct ExcerptRefreshTests {
    let source = "enum Thing {\n    // [excerpt: body]\n    let x = 1\n\n    let y = 2\n    // [/excerpt]\n}\n"

    let chapter = """
        # Thing

        Before.

        ```swift excerpt=Sources/Lib/Thing.swift#body
        let x = 0
        ```

        - In a list:

          ```swift excerpt=Sources/Lib/Thing.swift#body
          let old = true
          let older = true
          ```

        After.
        """

    @Test func rewritesEveryExcerptFromItsSourceAndNothingElse() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Fixtures.write(source, to: root.appendingPathComponent("Sources/Lib/Thing.swift"))
        let parsed = try Chapter(path: "Chapters/02-thing.md", markdown: chapter)
        #expect(ExcerptCheck(packageRoot: root).drifts(in: parsed).count == 2)

        let refreshed = try ExcerptRefresh(packageRoot: root).refreshed(chapter, chapter: parsed)
        #expect(refreshed == """
            # Thing

            Before.

            ```swift excerpt=Sources/Lib/Thing.swift#body
            let x = 1

            let y = 2
            ```

            - In a list:

              ```swift excerpt=Sources/Lib/Thing.swift#body
              let x = 1

              let y = 2
              ```

            After.
            """)
        let reparsed = try Chapter(path: "Chapters/02-thing.md", markdown: refreshed)
        #expect(ExcerptCheck(packageRoot: root).drifts(in: reparsed).isEmpty)
    }

    @Test func refusesAMissingRegionAtTheExcerptsLine() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Fixtures.write("let nothing = 0\n", to: root.appendingPathComponent("Sources/Lib/Thing.swift"))
        let parsed = try Chapter(path: "Chapters/02-thing.md", markdown: chapter)
        #expect(throws: ChapterError(path: "Chapters/02-thing.md", line: 11, message: "excerpt Sources/Lib/Thing.swift#body cannot be found: the file has no `// [excerpt: body]` marker")) {
            try ExcerptRefresh(packageRoot: root).refreshed(chapter, chapter: parsed)
        }
    }

    @Test func refusesAnExcerptInABlockQuote() throws {
        let markdown = "# T\n\n> ```swift excerpt=Sources/Lib/Thing.swift#body\n> let x = 0\n> ```\n"
        let parsed = try Chapter(path: "Chapters/02-thing.md", markdown: markdown)
        #expect(throws: ChapterError.self) { try ExcerptRefresh(packageRoot: Fixtures.packageRoot).refreshed(markdown, chapter: parsed) }
    }
}
