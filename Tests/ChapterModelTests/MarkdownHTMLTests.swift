import ChapterModel
import Testing

/// cmark renders the prose; the caller's closures draw code blocks and headings, wherever
/// they are in the tree.
@Suite struct MarkdownHTMLTests {
    let markdown = """
        # Title *here*

        Some *prose* with `code` & <b>html</b>.

        ```swift scenario
        print(1)
        ```

        ```output
        1
        ```

        - an item

          ```swift
          nested()
          ```

        ## Title here

        """

    @Test func cmarkRendersTheProse() {
        let html = MarkdownHTML(code: { _ in "" }, heading: { "<h\($0.level)>\($0.html)</h\($0.level)>\n" }).render(markdown)
        #expect(html.contains("<p>Some <em>prose</em> with <code>code</code> &amp; <b>html</b>.</p>"))
        #expect(html.contains("<h1>Title <em>here</em></h1>"))
        #expect(html.contains("<li>"))
    }

    @Test func eachCodeBlockIsTheCallersWithItsLineAndInfo() {
        var seen: [(Int, String, String)] = []
        let html = MarkdownHTML(code: { code in
            seen.append((code.line, code.info, code.literal))
            return "<div class=\"block-\(code.line)\"></div>\n"
        }, heading: { _ in "" }).render(markdown)
        #expect(seen.map(\.0) == [5, 9, 15])
        #expect(seen.map(\.1) == ["swift scenario", "output", "swift"])
        #expect(seen.map(\.2) == ["print(1)\n", "1\n", "nested()\n"])
        #expect(html.contains("<div class=\"block-15\"></div>"))
        #expect(!html.contains("<pre>"))
    }

    @Test func headingsGetTheirTextLevelAndLine() {
        var headings: [MarkdownHTML.Heading] = []
        _ = MarkdownHTML(code: { _ in "" }, heading: { headings.append($0); return "" }).render(markdown)
        #expect(headings.map(\.text) == ["Title here", "Title here"])
        #expect(headings.map(\.level) == [1, 2])
        #expect(headings.map(\.line) == [1, 19])
        #expect(headings.first?.html == "Title <em>here</em>")
    }
}
