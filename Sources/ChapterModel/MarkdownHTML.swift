import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders Markdown to HTML with cmark's own renderer, handing each code block and
/// heading to the caller first.
///
/// Prose is cmark's job: it knows CommonMark better than any renderer we would write.
/// Code blocks and headings are where the workbook adds something (a highlighted scenario
/// with its verified output, a heading with its own anchor), so the caller draws those,
/// and what it returns is put in their place in cmark's tree before the whole tree is
/// rendered. Nested blocks (a scenario in a list item) are found as well. A link's
/// destination may be rewritten too: a citation's `opencombine:` URL becomes a page of the site.
public struct MarkdownHTML {
    /// A fenced or indented code block, as the chapter wrote it.
    public struct Code: Sendable {
        /// The line of the opening fence, as ``Scenario/line`` and ``Excerpt/line`` give it.
        public var line: Int
        /// The whole info string, such as `swift scenario`.
        public var info: String
        public var literal: String
    }

    /// A heading: its level, line, its content as HTML and as plain text.
    public struct Heading: Sendable {
        public var level: Int
        public var line: Int
        public var html: String
        public var text: String
        /// The heading's English text, whatever the language shown: anchors made from it
        /// are the same in every language, so links and citations resolve in each.
        public var anchorText: String
    }

    /// The HTML to show for a code block: a scenario with its output, or `""` to drop the
    /// block (an output block, shown with its scenario).
    public var code: (Code) -> String
    /// The HTML to show for a heading, usually an `<hN id=…>` with an anchor.
    public var heading: (Heading) -> String
    /// The destination to give a link instead of the one written, or `nil` to keep it.
    public var linkDestination: (String) -> String?

    public init(code: @escaping (Code) -> String, heading: @escaping (Heading) -> String,
                linkDestination: @escaping (String) -> String? = { _ in nil }) {
        self.code = code
        self.heading = heading
        self.linkDestination = linkDestination
    }

    /// The chapter as HTML, its prose in `translation`'s language when there is one.
    ///
    /// - Throws: ``ChapterError`` at the catalogue's line for a translation that is not one
    ///   paragraph of inline Markdown (``Chapter/init(path:markdown:translation:)`` throws the
    ///   same error first).
    public func render(_ markdown: String, translation: any MessageCatalogue) throws -> String {
        try render(markdown, translating: translation)
    }

    /// The Markdown as HTML, in English.
    public func render(_ markdown: String) -> String {
        // Without a catalogue nothing can throw.
        (try? render(markdown, translating: nil)) ?? ""
    }

    private func render(_ markdown: String, translating translation: (any MessageCatalogue)?) throws -> String {
        guard let document = cmark_parse_document(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT) else { return "" }
        defer { cmark_node_free(document) }
        let translated = try translation.map { try TreeTranslation(catalogue: $0).apply(to: document) } ?? TreeTranslation.Result()
        // Collect first: cmark's iterator must not see the tree change under it.
        var targets: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_HEADING { targets.append(node) }
            if type == CMARK_NODE_LINK, let destination = linkDestination(Self.string(cmark_node_get_url(node))) {
                cmark_node_set_url(node, destination)
            }
        }
        cmark_iter_free(iterator)

        for node in targets {
            let line = Int(cmark_node_get_start_line(node))
            let html: String
            if cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK {
                html = code(Code(line: line, info: Self.string(cmark_node_get_fence_info(node)), literal: Self.string(cmark_node_get_literal(node))))
            } else {
                let level = Int(cmark_node_get_heading_level(node))
                // cmark renders the heading whole, `<h2>…</h2>\n`: keep what is inside.
                let (open, close) = ("<h\(level)>", "</h\(level)>\n")
                // Unsafe as the whole page is: a heading may hold the untranslated marker's span.
                var inner = Self.renderHTML(node, options: CMARK_OPT_UNSAFE)
                if inner.hasPrefix(open), inner.hasSuffix(close) { inner = String(inner.dropFirst(open.count).dropLast(close.count)) }
                html = heading(Heading(level: level, line: line, html: inner, text: MessageNodes.plainText(of: node), anchorText: translated.englishHeadings[node] ?? MessageNodes.plainText(of: node)))
            }
            let replacement = cmark_node_new(CMARK_NODE_HTML_BLOCK)
            cmark_node_set_literal(replacement, html)
            cmark_node_replace(node, replacement)
            cmark_node_free(node)
        }
        // Unsafe: the chapters are ours, and the blocks just put in are HTML on purpose.
        return Self.renderHTML(document, options: CMARK_OPT_UNSAFE)
    }

    private static func renderHTML(_ node: OpaquePointer, options: Int32 = CMARK_OPT_DEFAULT) -> String {
        guard let html = cmark_render_html(node, options) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
