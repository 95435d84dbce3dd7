/// A run of text in one style.
public struct Span: Equatable, Sendable {
    public var text: String
    public var style: TextStyle

    public init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// A line of spans: what renderers build, measured by what shows (escape codes excluded).
public typealias StyledLine = [Span]

extension Array where Element == Span {
    /// The number of characters the line takes on screen.
    public var visibleWidth: Int { reduce(0) { $0 + $1.text.count } }

    /// The same text with neighbouring spans of one style joined, so it needs fewer escape codes.
    public var coalesced: [Span] {
        var result: [Span] = []
        for span in self {
            if let last = result.last, last.style == span.style {
                result[result.count - 1].text += span.text
            } else {
                result.append(span)
            }
        }
        return result
    }
}
