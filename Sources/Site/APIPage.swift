import ChapterModel
import Foundation

/// The public types of the library and of its trace, each with the summary its DocC
/// article gives and a link to its source; and the way to the full DocC reference.
///
/// The summaries are read from each product's catalog (`Sources/Backpressure/Backpressure.docc`,
/// `Sources/BackpressureTrace/BackpressureTrace.docc`), so the web book and the DocC
/// reference say the same thing. DocC's own site loads its pages with
/// scripts that a browser refuses from `file://`, so it is linked, not inlined: in the
/// site under `api/` when the export was given `--docc`, otherwise with the command that
/// builds it.
struct APIPage {
    /// One type: its name, the product it is in, the first paragraph of its article, and
    /// its source file.
    struct Entry {
        var name: String
        var library: String
        var summary: String
        var sourcePath: String?
    }

    var entries: [Entry]
    /// The DocC site's entry page relative to the book's root, if it was copied in.
    var doccIndex: String?

    static let path = "api.html"
    /// The library apps take: the DocC reference the export may include is its own.
    static let library = "Backpressure"
    /// The products the page lists, each a target with a catalog of the same name: the
    /// library, and the trace the chapters show demand with.
    static let libraries = [library, "BackpressureTrace"]

    /// Reads every `About<Name>.md` article in each library's catalog under `root`: its
    /// title is the type's name, its first paragraph the summary.
    static func entries(packageRoot root: URL) -> [Entry] {
        libraries.flatMap { entries(of: $0, packageRoot: root) }
    }

    private static func entries(of library: String, packageRoot root: URL) -> [Entry] {
        let catalog = root.appendingPathComponent("Sources/\(library)/\(library).docc")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? []
        let sources = swiftFiles(under: "Sources/\(library)", root: root)
        return files.sorted().compactMap { file -> Entry? in
            guard file.hasPrefix("About"), file.hasSuffix(".md"),
                  let text = try? String(contentsOf: catalog.appendingPathComponent(file), encoding: .utf8) else { return nil }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let title = lines.first, title.hasPrefix("# ") else { return nil }
            let name = String(title.dropFirst(2))
            let summary = lines.dropFirst().drop { $0.trimmingCharacters(in: .whitespaces).isEmpty || $0.hasPrefix("@") }
                .prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.joined(separator: " ")
            let source = sources.first { declares(name, in: $0.text) }
            return Entry(name: name, library: library, summary: summary, sourcePath: source?.path)
        }
    }

    /// Whether `text` declares a type called exactly `name` (not `name` as a prefix).
    private static func declares(_ name: String, in text: String) -> Bool {
        ["class", "struct", "enum", "protocol"].contains { keyword in
            var rest = text[...]
            while let found = rest.range(of: "\(keyword) \(name)") {
                let next = rest[found.upperBound...].first
                if next.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true { return true }
                rest = rest[found.upperBound...]
            }
            return false
        }
    }

    /// The Swift files under `folder` (relative to `root`), by their path from `root`.
    private static func swiftFiles(under folder: String, root: URL) -> [(path: String, text: String)] {
        let directory = root.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        var files: [(path: String, text: String)] = []
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift"), let text = try? String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8) else { continue }
            files.append(("\(folder)/\(relative)", text))
        }
        return files.sorted { $0.path < $1.path }
    }

    func page() -> SitePage {
        var html = """
            <h1 id="api">The Backpressure library <a class="anchor" href="#api" aria-label="Link to this section">#</a></h1>
            <p>Take it as a SwiftPM dependency: <code>.product(name: "Backpressure", package: …)</code>. \
            The trace the chapters show demand with is a product of its own, for tests and lessons: \
            <code>.product(name: "BackpressureTrace", package: …)</code>. \
            Each type below has a short DocC article; the summaries here are its first lines.</p>

            """
        if let doccIndex {
            html += "<p class=\"docc\">The full reference, in DocC: <a href=\"\(doccIndex)\">open the API reference</a> (DocC's pages need a web server: serve this folder with <code class=\"command\">python3 -m http.server</code>, or publish it).</p>\n"
        } else {
            html += "<p class=\"docc\">The full reference is built with DocC: <code class=\"command\">WORKBOOK_DOCC=1 swift package generate-documentation --target Backpressure</code>; the repository's docs/web-book.md (\"The API reference\") shows how to include it in the site <code class=\"command\">workbook export html</code> writes.</p>\n"
        }
        html += "<dl class=\"api-list\">\n"
        // The summaries are Markdown (code spans, ``symbol`` links): cmark renders them.
        let markdown = MarkdownHTML(code: { _ in "" }, heading: { _ in "" })
        for entry in entries {
            var links: [String] = []
            if let doccIndex, entry.library == Self.library {
                let article = doccIndex.replacingOccurrences(of: "index.html", with: "about\(entry.name.lowercased())/index.html")
                links.append("<a href=\"\(article)\">DocC article</a>")
            }
            if let source = entry.sourcePath {
                links.append("<a href=\"\(SourcePage.path(for: source))\">source</a>")
            }
            let summary = markdown.render(entry.summary.replacingOccurrences(of: "``", with: "`"))
            let product = entry.library == Self.library ? "" : " <span class=\"meta\">in \(entry.library)</span>"
            html += "<dt id=\"\(entry.name)\"><code>\(entry.name)</code>\(product) <span class=\"meta\">\(links.joined(separator: " · "))</span></dt><dd>\(summary)</dd>\n"
        }
        html += "</dl>\n"
        return SitePage(path: Self.path, title: "API", body: html, searchText: entries.map { "\($0.name) \($0.summary)" }.joined(separator: " "), section: "api")
    }
}
