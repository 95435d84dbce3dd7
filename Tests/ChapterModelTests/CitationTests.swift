import Testing
@testable import ChapterModel

/// `[text](opencombine:<path>#L<a>-L<b> "quote")`: read with the chapter line it is on, and
/// a malformed one is an error at that line.
@Suite struct CitationTests {
    static let scan = "opencombine:Sources/OpenCombine/Publishers/Publishers.Scan.swift"

    func chapter(_ markdown: String) throws -> Chapter {
        try Chapter(path: "Chapters/07-operators.md", markdown: markdown)
    }

    func parseError(_ markdown: String) -> ChapterError? {
        do {
            _ = try chapter(markdown)
            return nil
        } catch {
            return error as? ChapterError
        }
    }

    @Test func readsPathLinesQuoteAndTheLineTheLinkIsOn() throws {
        let markdown = """
            # T

            Some prose that runs on
            to a second line, where `Scan` hands the subscription down
            ([Publishers.Scan.swift:156-188](\(Self.scan)#L156-L188 "Inner")).
            """
        let citations = try chapter(markdown).citations
        #expect(citations == [Citation(
            text: [.text("Publishers.Scan.swift:156-188")], path: "Sources/OpenCombine/Publishers/Publishers.Scan.swift",
            lines: 156...188, quote: "Inner", line: 5)])
        #expect(citations.first?.location == "Publishers.Scan.swift:156-188")
    }

    @Test func findsCitationsInListsQuotesHeadingsAndEmphasis() throws {
        let markdown = """
            # T

            ## Where [`Scan`](\(Self.scan)#L156 "Inner") lives

            - an item
              with *[a citation](\(Self.scan)#L3-L4 'two words')* inside

            > quoted [again](\(Self.scan)#L9 (in parentheses))
            """
        let citations = try chapter(markdown).citations
        #expect(citations.map(\.line) == [3, 6, 8])
        #expect(citations.map(\.lines) == [156...156, 3...4, 9...9])
        #expect(citations.map(\.quote) == ["Inner", "two words", "in parentheses"])
        #expect(citations.map(\.location) == ["Publishers.Scan.swift:156", "Publishers.Scan.swift:3-4", "Publishers.Scan.swift:9"])
    }

    @Test func otherLinksStayLinks() throws {
        let chapter = try chapter("# T\n\nSee [the docs](https://example.com \"Docs\").\n")
        #expect(chapter.citations.isEmpty)
        #expect(chapter.blocks.last == .paragraph([.text("See "), .link(text: [.text("the docs")], destination: "https://example.com"), .text(".")]))
    }

    @Test func aCitationWithoutATitleIsAnErrorAtItsLine() throws {
        let error = try #require(parseError("# T\n\nfine\n\nhere [Scan](\(Self.scan)#L156-L188) it is\n"))
        #expect(error.line == 5)
        #expect(error.description.hasPrefix("Chapters/07-operators.md:5: "))
        #expect(error.message.contains("has no title"))
    }

    @Test(arguments: [
        ("\(scan)", "names no lines"),
        ("\(scan)#156-188", "names no lines"),
        ("\(scan)#L188-L156", "names its lines backwards (from 188 down to 156); write `#L156-L188`"),
        ("\(scan)#L156-188", "writes its lines as GitHub may (`#L156-188`); a citation writes both with an L: `#L156-L188`"),
        ("\(scan)#L156-L", "names no lines"),
        ("\(scan)#L0", "names no lines"),
        ("\(scan)#L1-L2-L3", "names no lines"),
        ("opencombine:#L1", "names no file"),
        ("opencombine:/etc/passwd#L1", "names no file"),
        ("opencombine:Sources/../../x.swift#L1", "names no file"),
    ])
    func aMalformedDestinationIsAnErrorAtItsLine(destination: String, problem: String) throws {
        let error = try #require(parseError("# T\n\n[x](\(destination) \"quote\")\n"))
        #expect(error.line == 3)
        #expect(error.message.contains(problem), "\(error)")
    }

    /// A citation Markdown does not read as a link would be text that nothing checks: each
    /// such form is an error at its line, wherever it sits.
    @Test(arguments: [
        "[x](\(scan)#L156-L188 Inner)",                    // a title without quotes
        "[x] (\(scan)#L156-L188 \"Inner\")",               // a space between ] and (
        "[x](\(scan) #L156-L188 \"Inner\")",               // a space in the destination
        "<a href=\"\(scan)#L156-L188\">x</a>",              // HTML, inline
        "*see [x](\(scan)#L156-L188 Inner)*",              // inside emphasis
    ])
    func aCitationMarkdownCannotReadIsAnErrorAtItsLine(form: String) throws {
        let markdown = "# T\n\n- an item\n\n  a paragraph that runs on\n  until here \(form) it ends\n"
        let error = try #require(parseError(markdown), "\(form) was not refused")
        #expect(error.line == 6, "\(error)")
        #expect(error.description.hasPrefix("Chapters/07-operators.md:6: "))
        #expect(error.message.contains("outside a link"), "\(error)")
    }

    @Test func aCitationInAnHTMLBlockIsAnErrorAtItsLine() throws {
        let error = try #require(parseError("# T\n\n<p>\n<a href=\"\(Self.scan)#L1\">x</a>\n</p>\n"))
        #expect(error.line == 3)
        #expect(error.message.contains("outside a link"))
    }

    @Test func theSchemeInCodeIsNotACitation() throws {
        let chapter = try chapter("# T\n\nA link with the `opencombine:` scheme.\n\n```text\n[x](opencombine:nowhere)\n```\n")
        #expect(chapter.citations.isEmpty)
    }

    @Test func plainTextIsTheLinkText() throws {
        let chapter = try chapter("# T\n\nSee [`Scan`'s inner](\(Self.scan)#L1 \"Inner\").\n")
        #expect(chapter.blocks.last.map { block -> String in
            if case .paragraph(let inlines) = block { return inlines.plainText }
            return ""
        } == "See Scan's inner.")
    }
}
