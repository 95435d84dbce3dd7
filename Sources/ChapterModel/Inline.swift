/// A piece of running text inside a paragraph, heading or list item.
///
/// The cases mirror CommonMark's inline nodes that a chapter uses; the terminal renderer
/// styles them and wraps the text around them.
public indirect enum Inline: Equatable, Sendable {
    case text(String)
    /// `inline code`, never styled as prose and never broken across lines.
    case code(String)
    case emphasis([Inline])
    case strong([Inline])
    case link(text: [Inline], destination: String)
    /// A link to lines of OpenCombine's source (`opencombine:` scheme), which the
    /// evidence check proves and each renderer shows in its own way.
    case citation(Citation)
    case image(alternative: [Inline], source: String)
    /// A line break in the Markdown source that is not meant to show: it reads as a space.
    case softBreak
    /// A hard line break (two trailing spaces or a backslash).
    case lineBreak
    case html(String)
    /// Stands first in a paragraph or heading of a translated chapter that is shown in
    /// English, saying why.
    case untranslated(EnglishFallback)
}

extension Array where Element == Inline {
    /// The text without any styling, for titles, headings and messages.
    public var plainText: String {
        map(\.plainText).joined()
    }
}

extension Inline {
    /// The text without any styling.
    public var plainText: String {
        switch self {
        case .text(let text), .code(let text), .html(let text): return text
        case .emphasis(let children), .strong(let children): return children.plainText
        case .link(let text, _): return text.plainText
        case .citation(let citation): return citation.text.plainText
        case .image(let alternative, _): return alternative.plainText
        case .softBreak: return " "
        case .lineBreak: return "\n"
        case .untranslated: return ""
        }
    }
}
