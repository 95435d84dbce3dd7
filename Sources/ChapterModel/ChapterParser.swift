import CCmark

/// Turns a chapter's Markdown into ``Block``s with cmark, CommonMark's reference parser.
///
/// It walks cmark's tree once, keeps every block's line, pairs each scenario with the
/// `output` block that must follow it, and numbers the scenarios. Anything the workbook
/// cannot make sense of becomes a ``ChapterError`` at its line, never a silent skip.
struct ChapterParser {
    let path: String
    let translation: (any MessageCatalogue)?
    private var scenarioCount = 0
    private var nearestHeading: String?
    private var englishHeadings: [OpaquePointer: String] = [:]

    init(path: String, translation: (any MessageCatalogue)? = nil) {
        self.path = path
        self.translation = translation
    }

    mutating func parse(_ markdown: String) throws -> [Block] {
        guard let document = cmark_parse_document(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT) else {
            throw ChapterError(path: path, line: nil, message: "cmark could not parse the file")
        }
        defer { cmark_node_free(document) }
        if let translation {
            englishHeadings = try TreeTranslation(catalogue: translation).apply(to: document).englishHeadings
        }
        return try blocks(in: document)
    }

    /// A message's text as inlines, or `nil` when it is not one paragraph.
    func messageInlines(_ text: String) throws -> [Inline]? {
        guard let document = cmark_parse_document(text, text.utf8.count, CMARK_OPT_DEFAULT) else { return nil }
        defer { cmark_node_free(document) }
        guard let paragraph = cmark_node_first_child(document), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
              cmark_node_next(paragraph) == nil else { return nil }
        return try inlines(in: paragraph)
    }

    /// The children of a container node, with each scenario joined to its output block.
    private mutating func blocks(in parent: OpaquePointer) throws -> [Block] {
        var result: [Block] = []
        var child = cmark_node_first_child(parent)
        while let node = child {
            if let info = try fenceInfo(of: node) {
                switch info {
                case .scenario(let appleUnverified):
                    let output = cmark_node_next(node)
                    guard let output, try fenceInfo(of: output) == .output else {
                        throw error(at: node, "a ```swift scenario block must be followed by an ```output block with what it prints")
                    }
                    let code = literal(of: node)
                    // The fence is the block's first line; its code starts on the next.
                    if let index = code.split(separator: "\n", omittingEmptySubsequences: false)
                        .firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#sourceLocation") }) {
                        throw ChapterError(path: path, line: line(of: node) + 1 + index,
                                           message: "a scenario may not use #sourceLocation: its compiler errors would no longer point at this chapter")
                    }
                    scenarioCount += 1
                    result.append(.scenario(Scenario(
                        number: scenarioCount,
                        code: code,
                        line: line(of: node),
                        expectedOutput: literal(of: output),
                        outputLine: line(of: output),
                        heading: nearestHeading,
                        isAppleUnverified: appleUnverified
                    )))
                    child = cmark_node_next(output)
                    continue
                case .output:
                    throw error(at: node, "an ```output block must come right after a ```swift scenario block")
                case .excerpt(let source, let region):
                    result.append(.excerpt(Excerpt(
                        source: source, region: region, code: literal(of: node), line: line(of: node),
                        endLine: Int(cmark_node_get_end_line(node)), column: Int(cmark_node_get_start_column(node))
                    )))
                case .code(let language):
                    result.append(.code(CodeBlock(language: language, code: literal(of: node), line: line(of: node))))
                }
            } else if let block = try block(from: node) {
                result.append(block)
            }
            child = cmark_node_next(node)
        }
        return result
    }

    /// A non-code block node as a ``Block``; `nil` for nodes a chapter has no use for.
    private mutating func block(from node: OpaquePointer) throws -> Block? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HEADING:
            let heading = Heading(level: Int(cmark_node_get_heading_level(node)), content: try inlines(in: node), line: line(of: node),
                                  englishText: englishHeadings[node])
            nearestHeading = heading.content.plainText
            return .heading(heading)
        case CMARK_NODE_PARAGRAPH:
            return .paragraph(try inlines(in: node))
        case CMARK_NODE_BLOCK_QUOTE:
            return .blockQuote(try blocks(in: node))
        case CMARK_NODE_LIST:
            var items: [[Block]] = []
            var item = cmark_node_first_child(node)
            while let current = item {
                items.append(try blocks(in: current))
                item = cmark_node_next(current)
            }
            return .list(List(
                isOrdered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node)),
                isTight: cmark_node_get_list_tight(node) != 0,
                items: items
            ))
        case CMARK_NODE_THEMATIC_BREAK:
            return .thematicBreak
        case CMARK_NODE_HTML_BLOCK:
            let html = literal(of: node)
            if html.contains(Citation.scheme) { throw error(at: node, Self.unreadCitation) }
            return .html(html)
        default:
            return nil
        }
    }

    /// What a code block declares, or `nil` when the node is not a code block.
    private func fenceInfo(of node: OpaquePointer) throws -> FenceInfo? {
        guard cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK else { return nil }
        let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
        do {
            return try FenceInfo(info)
        } catch let invalid as FenceInfo.Invalid {
            throw error(at: node, invalid.message)
        }
    }

    private func inlines(in parent: OpaquePointer) throws -> [Inline] {
        var result: [Inline] = []
        var child = cmark_node_first_child(parent)
        while let node = child {
            if let inline = try inline(from: node) { result.append(inline) }
            child = cmark_node_next(node)
        }
        return result
    }

    private func inline(from node: OpaquePointer) throws -> Inline? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT:
            let text = literal(of: node)
            if text.contains(Citation.scheme) { throw error(at: node, Self.unreadCitation) }
            return .text(text)
        case CMARK_NODE_CODE: return .code(literal(of: node))
        case CMARK_NODE_EMPH: return .emphasis(try inlines(in: node))
        case CMARK_NODE_STRONG: return .strong(try inlines(in: node))
        case CMARK_NODE_LINK where url(of: node).hasPrefix(Citation.scheme):
            do {
                return .citation(try Citation(text: try inlines(in: node), destination: url(of: node), title: title(of: node), line: line(of: node)))
            } catch let invalid as Citation.Invalid {
                throw error(at: node, invalid.message)
            }
        case CMARK_NODE_LINK: return .link(text: try inlines(in: node), destination: url(of: node))
        case CMARK_NODE_IMAGE: return .image(alternative: try inlines(in: node), source: url(of: node))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_HTML_INLINE:
            let html = literal(of: node)
            if translation != nil, let fallback = TreeTranslation.fallback(ofMarker: html) { return .untranslated(fallback) }
            if html.contains(Citation.scheme) { throw error(at: node, Self.unreadCitation) }
            return .html(html)
        default: return nil
        }
    }

    /// Why `opencombine:` outside a Markdown link is refused: it was meant as a citation, and
    /// a citation Markdown cannot read as a link would be checked by nobody.
    static let unreadCitation = "`\(Citation.scheme)` outside a link: this citation is not one Markdown can read (a space in the destination, a title without quotes, or a space between `]` and `(`?), so nothing would check it; write \(Citation.form)"

    private func literal(of node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    private func url(of node: OpaquePointer) -> String {
        cmark_node_get_url(node).map { String(cString: $0) } ?? ""
    }

    private func title(of node: OpaquePointer) -> String {
        cmark_node_get_title(node).map { String(cString: $0) } ?? ""
    }

    private func line(of node: OpaquePointer) -> Int {
        Int(cmark_node_get_start_line(node))
    }

    private func error(at node: OpaquePointer, _ message: String) -> ChapterError {
        ChapterError(path: path, line: line(of: node), message: message)
    }
}
