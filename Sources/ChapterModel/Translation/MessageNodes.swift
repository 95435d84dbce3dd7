import CCmark
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The blocks of a chapter that are messages, and the text of each.
///
/// A message is a paragraph or a heading, wherever it stands (in a list item, in a quote).
/// Its text is its inline content written back as CommonMark by cmark itself, on one line:
/// the same text whichever way the source wraps it, and text that parses back to the same
/// inlines. Extraction and translation both go through here, so a message extracted is a
/// message looked up.
enum MessageNodes {
    /// Every paragraph and heading under `document`, in document order.
    static func nodes(in document: OpaquePointer) -> [OpaquePointer] {
        var nodes: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING { nodes.append(node) }
        }
        return nodes
    }

    /// The message of a paragraph or heading: its inlines as one line of CommonMark.
    static func text(of node: OpaquePointer) -> String {
        guard let rendered = cmark_render_commonmark(node, CMARK_OPT_NOBREAKS, 0) else { return "" }
        defer { free(rendered) }
        var text = String(cString: rendered)
        if cmark_node_get_type(node) == CMARK_NODE_HEADING {
            // cmark writes a heading as `## Title` whatever its source form: keep the title.
            text = String(text.drop { $0 == "#" }.drop { $0 == " " })
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A node's text without markup, for titles and anchors.
    static func plainText(of node: OpaquePointer) -> String {
        var text = ""
        var child = cmark_node_first_child(node)
        while let current = child {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE: text += cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
            case CMARK_NODE_HTML_INLINE: break
            default: text += plainText(of: current)
            }
            child = cmark_node_next(current)
        }
        return text
    }
}
