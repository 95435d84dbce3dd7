/// Fills styled prose into lines no wider than a width, breaking only at spaces.
///
/// Words keep their styles across the break; a span that ``Span/keepsTogether`` (inline
/// code) counts as one word, spaces and all; a word longer than the width (a long URL)
/// gets a line of its own rather than being cut. Code blocks are never given to the wrapper.
public struct TextWrapper {
    public var width: Int

    public init(width: Int) {
        self.width = width
    }

    /// The lines of `spans`, each starting with `firstPrefix` (the first) or `prefix` (the rest),
    /// the prefixes counting towards the width.
    ///
    /// A `"\n"` inside a span (a hard line break) always ends the line.
    public func wrap(_ spans: [Span], firstPrefix: StyledLine = [], prefix: StyledLine = []) -> [StyledLine] {
        var lines: [StyledLine] = []
        var line: StyledLine = firstPrefix
        var lineWidth = firstPrefix.visibleWidth
        var lineHasWords = false
        var pendingSpace: TextStyle?

        func breakLine() {
            lines.append(line)
            line = prefix
            lineWidth = prefix.visibleWidth
            lineHasWords = false
            pendingSpace = nil
        }

        for word in Self.words(in: spans) {
            switch word {
            case .space(let style):
                if lineHasWords { pendingSpace = style }
            case .newline:
                breakLine()
            case .word(let pieces):
                let wordWidth = pieces.visibleWidth
                let spaceWidth = pendingSpace == nil ? 0 : 1
                if lineHasWords, lineWidth + spaceWidth + wordWidth > width {
                    breakLine()
                }
                if let style = pendingSpace {
                    line.append(Span(" ", style))
                    lineWidth += 1
                }
                line.append(contentsOf: pieces)
                lineWidth += wordWidth
                lineHasWords = true
                pendingSpace = nil
            }
        }
        if lineHasWords || lines.isEmpty { lines.append(line) }
        return lines.map(\.coalesced)
    }

    private enum Word {
        /// Characters with no space between them, possibly in several styles (`**bold**ly`).
        case word([Span])
        case space(TextStyle)
        case newline
    }

    private static func words(in spans: [Span]) -> [Word] {
        var words: [Word] = []
        var current: [Span] = []
        func endWord() {
            if !current.isEmpty { words.append(.word(current)); current = [] }
        }
        for span in spans {
            if span.keepsTogether, !span.text.contains("\n") {
                current.append(span)
                continue
            }
            var piece = ""
            for character in span.text {
                if character == "\n" || character == " " || character == "\t" {
                    if !piece.isEmpty { current.append(Span(piece, span.style)); piece = "" }
                    endWord()
                    words.append(character == "\n" ? .newline : .space(span.style))
                } else {
                    piece.append(character)
                }
            }
            if !piece.isEmpty { current.append(Span(piece, span.style)) }
        }
        endWord()
        return words
    }
}
