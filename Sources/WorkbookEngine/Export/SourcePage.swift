import Backpressure
import Foundation

/// A library file as a page, highlighted, each line with its own anchor (`#L42`), so that
/// an excerpt in a chapter links to the very lines it quotes, inside the site.
struct SourcePage {
    /// Relative to the package root: `Sources/Backpressure/MySink.swift`.
    var sourcePath: String
    var code: String

    /// `source/Sources/Backpressure/MySink.swift.html`.
    static func path(for sourcePath: String) -> String { "source/\(sourcePath).html" }

    func page() -> SitePage {
        let lines = SwiftHighlighter().html(code).split(separator: "\n", omittingEmptySubsequences: false)
        // A span never crosses a line, except a block comment or a multi-line string: close
        // and reopen it at each line, so every line is a well-formed element of its own.
        var open: String?
        var numbered: [String] = []
        for (index, line) in (lines.last == "" ? lines.dropLast() : lines[...]).enumerated() {
            var text = (open ?? "") + line
            open = Self.unclosedSpan(in: text)
            if open != nil { text += "</span>" }
            numbered.append("<span class=\"line\" id=\"L\(index + 1)\"><a class=\"line-number\" href=\"#L\(index + 1)\" aria-hidden=\"true\">\(index + 1)</a>\(text)</span>")
        }
        let body = """
            <h1 id="source"><code>\(XMLText.escape(sourcePath))</code></h1>
            <p>The library source the chapters quote, as it was when the site was built. The API reference is on the <a href="\(String(repeating: "../", count: sourcePath.split(separator: "/").count))api.html">API page</a>.</p>
            <pre class="code source"><code>\(numbered.joined(separator: "\n"))</code></pre>

            """
        return SitePage(path: Self.path(for: sourcePath), title: sourcePath, body: body, section: "source")
    }

    /// The opening tag of a `<span>` left open at the end of `line`, if any.
    private static func unclosedSpan(in line: String) -> String? {
        guard let start = line.range(of: "<span class=\"", options: .backwards),
              !line[start.upperBound...].contains("</span>") else { return nil }
        guard let end = line[start.upperBound...].firstIndex(of: ">") else { return nil }
        return String(line[start.lowerBound...end])
    }
}
