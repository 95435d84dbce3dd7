/// A block of a chapter, in document order.
///
/// Scenarios and excerpts are blocks of their own (not plain code blocks) so that the code
/// generator, the runner and the renderer all see the same thing the chapter declares.
public indirect enum Block: Equatable, Sendable {
    case heading(Heading)
    case paragraph([Inline])
    case list(List)
    case blockQuote([Block])
    /// A fenced or indented code block that is neither a scenario nor an excerpt.
    case code(CodeBlock)
    /// A `swift scenario` block together with the `output` block that follows it.
    case scenario(Scenario)
    /// A `swift excerpt=<file>#<region>` block quoting the library's source.
    case excerpt(Excerpt)
    case html(String)
    case thematicBreak
}

public struct Heading: Equatable, Sendable {
    /// 1 for `#`, 2 for `##`, and so on.
    public var level: Int
    public var content: [Inline]
    public var line: Int
    /// The English heading's text when ``content`` is a translation, `nil` in English.
    public var englishText: String?

    public init(level: Int, content: [Inline], line: Int, englishText: String? = nil) {
        self.level = level
        self.content = content
        self.line = line
        self.englishText = englishText
    }

    /// The text a heading's anchor is made from: the English one in every language, so a
    /// link to a section resolves whichever language it is read in.
    public var anchorText: String {
        englishText ?? content.plainText
    }
}

public struct List: Equatable, Sendable {
    public var isOrdered: Bool
    /// The number of the first item of an ordered list.
    public var start: Int
    /// A tight list has no blank lines between its items, so it renders without them too.
    public var isTight: Bool
    /// Each item is a sequence of blocks, which may hold further lists.
    public var items: [[Block]]

    public init(isOrdered: Bool, start: Int, isTight: Bool, items: [[Block]]) {
        self.isOrdered = isOrdered
        self.start = start
        self.isTight = isTight
        self.items = items
    }
}

public struct CodeBlock: Equatable, Sendable {
    /// The first word of the info string (`swift`, `sh`, …), if any.
    public var language: String?
    /// The code, ending with a newline as CommonMark gives it.
    public var code: String
    /// The line of the opening fence.
    public var line: Int

    public init(language: String?, code: String, line: Int) {
        self.language = language
        self.code = code
        self.line = line
    }
}
