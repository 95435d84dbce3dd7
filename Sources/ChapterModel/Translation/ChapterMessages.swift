import CCmark

/// The messages of one chapter, for the translation catalogue: every paragraph and heading,
/// with the line it starts on.
public enum ChapterMessages {
    public struct Message: Equatable, Sendable {
        /// The English text, inline CommonMark on one line.
        public var text: String
        public var line: Int
    }

    public static func messages(inMarkdown markdown: String, path: String) throws -> [Message] {
        guard let document = cmark_parse_document(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT) else {
            throw ChapterError(path: path, line: nil, message: "cmark could not parse the file")
        }
        defer { cmark_node_free(document) }
        return MessageNodes.nodes(in: document).compactMap { node in
            let text = MessageNodes.text(of: node)
            return text.isEmpty ? nil : Message(text: text, line: Int(cmark_node_get_start_line(node)))
        }
    }

    /// A message (English or translated) read back as inlines, as a chapter shows it.
    ///
    /// - Throws: ``ChapterError`` at `path`:`line` when it is not one paragraph of inline
    ///   Markdown, or holds a citation that cannot be read.
    public static func inlines(of text: String, path: String, line: Int) throws -> [Inline] {
        do {
            guard let inlines = try ChapterParser(path: path).messageInlines(text) else {
                throw ChapterError(path: path, line: line, message: "a message is one paragraph of inline Markdown (no blank line, and no `#`, `-`, `>` or `1.` at its start)")
            }
            return inlines
        } catch let error as ChapterError {
            throw ChapterError(path: path, line: line, message: error.message)
        }
    }
}
