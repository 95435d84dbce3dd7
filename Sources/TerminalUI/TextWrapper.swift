/// Fills styled prose into lines no wider than a width, measured in terminal columns.
///
/// Lines break at spaces and, in Chinese and Japanese, which have none, between wide
/// characters, never before closing or after opening punctuation (``DisplayWidth``). Words
/// keep their styles across the break; a span that ``Span/keepsTogether`` (inline code)
/// counts as one word, spaces and all; a word longer than the width (a long URL) gets a line
/// of its own rather than being cut. Code blocks are never given to the wrapper.
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
            case .word(let pieces, _):
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
        /// Characters a line may not break inside, possibly in several styles (`**bold**ly`).
        /// `joinsPrevious`: it follows the previous word with no space (wide text).
        case word([Span], joinsPrevious: Bool)
        case space(TextStyle)
        case newline
    }

    private static func words(in spans: [Span]) -> [Word] {
        var words: [Word] = []
        var current: [Span] = []
        var currentJoinsPrevious = false
        var previous: Character?
        func endWord(nextJoins: Bool) {
            if !current.isEmpty { words.append(.word(current, joinsPrevious: currentJoinsPrevious)); current = [] }
            currentJoinsPrevious = nextJoins
        }
        for span in spans {
            if span.keepsTogether, !span.text.contains("\n") {
                // Inline code is one unbreakable word; beside wide text a line may break around it.
                if let previous, let first = span.text.first, DisplayWidth.canBreak(between: previous, and: first) {
                    endWord(nextJoins: true)
                }
                current.append(span)
                previous = span.text.last
                continue
            }
            var piece = ""
            for character in span.text {
                if character == "\n" || character == " " || character == "\t" {
                    if !piece.isEmpty { current.append(Span(piece, span.style)); piece = "" }
                    endWord(nextJoins: false)
                    words.append(character == "\n" ? .newline : .space(span.style))
                    previous = nil
                    continue
                }
                if let previous, DisplayWidth.canBreak(between: previous, and: character) {
                    if !piece.isEmpty { current.append(Span(piece, span.style)); piece = "" }
                    endWord(nextJoins: true)
                }
                piece.append(character)
                previous = character
            }
            if !piece.isEmpty { current.append(Span(piece, span.style)) }
        }
        endWord(nextJoins: false)
        return words
    }
}
