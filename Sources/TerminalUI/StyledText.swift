/// A run of text in one style.
public struct Span: Equatable, Sendable {
    public var text: String
    public var style: TextStyle
    /// True for text a line must not break inside, such as inline code (`swift run workbook`).
    public var keepsTogether: Bool

    public init(_ text: String, _ style: TextStyle = .plain, keepsTogether: Bool = false) {
        self.text = text
        self.style = style
        self.keepsTogether = keepsTogether
    }
}

/// A line of spans: what renderers build, measured by what shows (escape codes excluded).
public typealias StyledLine = [Span]

extension Array where Element == Span {
    /// The number of columns the line takes on screen (two for each wide character).
    public var visibleWidth: Int { reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// The same text with neighbouring spans of one style joined, so it needs fewer escape codes.
    public var coalesced: [Span] {
        var result: [Span] = []
        for span in self {
            if let last = result.last, last.style == span.style, last.keepsTogether == span.keepsTogether {
                result[result.count - 1].text += span.text
            } else {
                result.append(span)
            }
        }
        return result
    }
}
