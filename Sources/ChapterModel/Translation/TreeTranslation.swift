import CCmark

/// Puts a catalogue's translations into a parsed chapter, in place.
///
/// Each paragraph and heading whose message the catalogue translates gets the translation's
/// inlines instead of its own. One that is fuzzy or untranslated keeps its English and gets
/// a marker inline first (an HTML span of class `untranslated`), which every renderer shows:
/// a learner is never shown a translation of a paragraph that has since changed, and always
/// sees which paragraphs are still English.
struct TreeTranslation {
    /// The class of the marker span; ``ChapterParser`` reads it back as ``Inline/untranslated(_:)``.
    static let markerClass = "untranslated"

    let catalogue: any MessageCatalogue

    /// What was done to the tree: the English text of every heading, for anchors that are
    /// the same in every language.
    struct Result {
        var englishHeadings: [OpaquePointer: String] = [:]
    }

    /// Translates `document`'s messages.
    ///
    /// - Throws: ``ChapterError`` at the catalogue's line when a translation is not one
    ///   paragraph of inline Markdown.
    func apply(to document: OpaquePointer) throws -> Result {
        var result = Result()
        for node in MessageNodes.nodes(in: document) {
            let message = MessageNodes.text(of: node)
            if message.isEmpty { continue }
            if cmark_node_get_type(node) == CMARK_NODE_HEADING {
                result.englishHeadings[node] = MessageNodes.plainText(of: node)
            }
            switch catalogue.lookup(message) {
            case .translated(let translation, let line):
                try replaceInlines(of: node, with: translation, line: line)
            case .fuzzy:
                prependMarker(.changed, to: node)
            case .untranslated:
                prependMarker(.untranslated, to: node)
            }
        }
        return result
    }

    static func markerHTML(_ fallback: EnglishFallback) -> String {
        "<span class=\"\(markerClass)\" data-reason=\"\(fallback.rawValue)\" lang=\"en\">\(fallback.label)</span>"
    }

    /// The fallback a marker span stands for, or `nil` when `html` is not one.
    static func fallback(ofMarker html: String) -> EnglishFallback? {
        for fallback in [EnglishFallback.changed, .untranslated] where html == markerHTML(fallback) {
            return fallback
        }
        return nil
    }

    private func prependMarker(_ fallback: EnglishFallback, to node: OpaquePointer) {
        let marker = cmark_node_new(CMARK_NODE_HTML_INLINE)
        cmark_node_set_literal(marker, Self.markerHTML(fallback))
        if let first = cmark_node_first_child(node) {
            cmark_node_insert_before(first, marker)
            let space = cmark_node_new(CMARK_NODE_TEXT)
            cmark_node_set_literal(space, " ")
            cmark_node_insert_before(first, space)
        } else {
            cmark_node_append_child(node, marker)
        }
    }

    private func replaceInlines(of node: OpaquePointer, with translation: String, line: Int) throws {
        guard let parsed = cmark_parse_document(translation, translation.utf8.count, CMARK_OPT_DEFAULT) else {
            throw ChapterError(path: catalogue.path, line: line, message: "cmark could not parse this translation")
        }
        defer { cmark_node_free(parsed) }
        guard let paragraph = cmark_node_first_child(parsed),
              cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
              cmark_node_next(paragraph) == nil else {
            throw ChapterError(path: catalogue.path, line: line, message: "a translation is one paragraph of inline Markdown, like its English message (no blank line, and no `#`, `-`, `>` or `1.` at its start)")
        }
        while let child = cmark_node_first_child(node) {
            cmark_node_unlink(child)
            cmark_node_free(child)
        }
        while let child = cmark_node_first_child(paragraph) {
            cmark_node_unlink(child)
            cmark_node_append_child(node, child)
        }
    }
}
