import BackpressureTrace
import Foundation
import TerminalUI

/// A source file as a page, highlighted, each line with its own anchor (`#L42`), so that
/// an excerpt or a citation in a chapter links to the very lines it means, inside the site.
///
/// Two kinds of file get one: the library's, which the excerpts quote, and OpenCombine's,
/// which the chapters cite as evidence; on those the cited lines are marked.
struct SourcePage {
    /// Relative to its repository's root: `Sources/Backpressure/MySink.swift`.
    var sourcePath: String
    var code: String
    var origin: Origin = .library
    /// Lines to mark, 1-based: the ones the chapters cite.
    var markedLines: Set<Int> = []

    /// Whose source a page shows.
    enum Origin: Equatable {
        /// The workbook's library.
        case library
        /// OpenCombine, in the version the package resolved (`0.14.0`, when known).
        case openCombine(version: String?)
    }

    /// `source/Sources/Backpressure/MySink.swift.html`.
    static func path(for sourcePath: String) -> String { "source/\(sourcePath).html" }

    /// `opencombine/Sources/OpenCombine/Publishers/Publishers.Scan.swift.html`: the page a
    /// citation of that file links to.
    static func openCombinePath(for sourcePath: String) -> String { "opencombine/\(sourcePath).html" }

    /// OpenCombine's licence (MIT), which its pages link to.
    static let openCombineLicensePath = "opencombine/LICENSE.html"

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
            let number = index + 1
            let kind = markedLines.contains(number) ? "line cited" : "line"
            numbered.append("<span class=\"\(kind)\" id=\"L\(number)\"><a class=\"line-number\" href=\"#L\(number)\" aria-hidden=\"true\">\(number)</a>\(text)</span>")
        }
        // A path is one long word: on a phone its title breaks after a slash, not mid-name.
        let heading = XMLText.escape(sourcePath).replacingOccurrences(of: "/", with: "/<wbr>")
        // Each line is a block of its own (a cited line is highlighted across the page), so no
        // newline goes between them: inside <pre> it would show as an empty line after each.
        let body = """
            <h1 id="source"><code>\(heading)</code></h1>
            <p>\(introduction)</p>
            <pre class="code source"><code>\(numbered.joined())</code></pre>

            """
        return SitePage(path: path, title: title, body: body, section: "source")
    }

    var path: String {
        switch origin {
        case .library: return Self.path(for: sourcePath)
        case .openCombine: return Self.openCombinePath(for: sourcePath)
        }
    }

    private var title: String {
        origin == .library ? sourcePath : "OpenCombine: \(sourcePath)"
    }

    /// What the file is, and where its licence or its API is.
    private var introduction: String {
        let root = String(repeating: "../", count: path.split(separator: "/").count - 1)
        switch origin {
        case .library:
            return "The library source the chapters quote, as it was when this page was made. The API reference is on the <a href=\"\(root)api.html\">API page</a>."
        case .openCombine(let version):
            let release = version.map { "OpenCombine \($0)" } ?? "OpenCombine"
            return "The source of \(release), the open-source Combine the workbook runs on Linux, as the package resolved it. "
                + "The marked lines are the ones the chapters cite as evidence. "
                + "OpenCombine is by its authors, under the MIT licence: <a href=\"\(root)\(Self.openCombineLicensePath)\">its licence</a>."
        }
    }

    /// OpenCombine's licence as a page, beside the sources it covers.
    static func openCombineLicense(_ text: String, version: String?) -> SitePage {
        let release = version.map { "OpenCombine \($0)" } ?? "OpenCombine"
        let body = """
            <h1 id="license">OpenCombine's licence</h1>
            <p>The OpenCombine sources in this site are shown under their licence, the file <code>LICENSE</code> of \(XMLText.escape(release)):</p>
            <pre class="license">\(XMLText.escape(text))</pre>

            """
        return SitePage(path: openCombineLicensePath, title: "OpenCombine's licence", body: body, section: "source")
    }

    /// The opening tag of a `<span>` left open at the end of `line`, if any.
    private static func unclosedSpan(in line: String) -> String? {
        guard let start = line.range(of: "<span class=\"", options: .backwards),
              !line[start.upperBound...].contains("</span>") else { return nil }
        guard let end = line[start.upperBound...].firstIndex(of: ">") else { return nil }
        return String(line[start.lowerBound...end])
    }
}
