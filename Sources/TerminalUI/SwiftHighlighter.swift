/// Colours Swift code for the terminal, and marks it up for the web book: keywords, types,
/// strings, numbers, comments.
///
/// A small hand-written lexer, not a parser: it only has to make chapter code easier to
/// read, and it must never change a character of it. Lines are returned separately, each
/// exactly one line of the code, so code is shown as written and never wrapped. The
/// terminal and the web book share the lexer, so code looks the same in both.
public struct SwiftHighlighter: Sendable {
    public init() {}

    /// What a piece of code is, which decides how it is shown.
    public enum TokenKind: String, Sendable {
        case keyword, type, string, number, comment, attribute, plain

        /// How the terminal shows it.
        var style: TextStyle {
            switch self {
            case .keyword: return SwiftHighlighter.keywordStyle
            case .type: return SwiftHighlighter.typeStyle
            case .string: return SwiftHighlighter.stringStyle
            case .number: return SwiftHighlighter.numberStyle
            case .comment: return SwiftHighlighter.commentStyle
            case .attribute: return SwiftHighlighter.attributeStyle
            case .plain: return .plain
            }
        }
    }

    public static let keywordStyle = TextStyle(color: .magenta, bold: true)
    public static let typeStyle = TextStyle(color: .cyan)
    public static let stringStyle = TextStyle(color: .red)
    public static let numberStyle = TextStyle(color: .yellow)
    public static let commentStyle = TextStyle(color: .lightBlack, italic: true)
    public static let attributeStyle = TextStyle(color: .yellow)

    static let keywords: Set<String> = [
        "associatedtype", "as", "break", "case", "catch", "class", "continue", "default", "defer", "deinit",
        "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "final", "for", "func",
        "guard", "if", "import", "in", "init", "inout", "internal", "is", "lazy", "let", "mutating", "nil",
        "open", "override", "private", "protocol", "public", "repeat", "required", "rethrows", "return",
        "self", "Self", "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try",
        "typealias", "var", "weak", "where", "while", "some", "any", "async", "await", "convenience",
    ]

    /// One ``StyledLine`` per line of `code` (a final newline does not make an empty last line).
    public func highlight(_ code: String) -> [StyledLine] {
        var lines: [StyledLine] = [[]]
        for span in tokens(code).map({ Span($0.text, $0.kind.style) }).coalesced {
            let parts = span.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() {
                if index > 0 { lines.append([]) }
                if !part.isEmpty { lines[lines.count - 1].append(Span(String(part), span.style)) }
            }
        }
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    package func tokens(_ code: String) -> [(text: String, kind: TokenKind)] {
        let characters = Array(code)
        var spans: [(text: String, kind: TokenKind)] = []
        var index = 0
        func take(while condition: (Character) -> Bool) -> String {
            let start = index
            while index < characters.count, condition(characters[index]) { index += 1 }
            return String(characters[start..<index])
        }
        func starts(with text: String) -> Bool {
            let pattern = Array(text)
            return index + pattern.count <= characters.count && Array(characters[index..<index + pattern.count]) == pattern
        }
        while index < characters.count {
            let character = characters[index]
            let start = index
            if starts(with: "//") {
                spans.append((take { $0 != "\n" }, .comment))
            } else if starts(with: "/*") {
                index += 2
                while index < characters.count, !starts(with: "*/") { index += 1 }
                index = min(index + 2, characters.count)
                spans.append((String(characters[start..<index]), .comment))
            } else if starts(with: "\"\"\"") {
                index += 3
                while index < characters.count, !starts(with: "\"\"\"") { index += characters[index] == "\\" ? 2 : 1 }
                index = min(index + 3, characters.count)
                spans.append((String(characters[start..<index]), .string))
            } else if character == "\"" {
                index += 1
                while index < characters.count, characters[index] != "\"", characters[index] != "\n" {
                    index += characters[index] == "\\" ? 2 : 1
                }
                index = min(index + 1, characters.count)
                spans.append((String(characters[start..<index]), .string))
            } else if character.isNumber {
                spans.append((take { $0.isNumber || $0.isLetter || $0 == "_" }, .number))
            } else if character == "@" || character == "#" {
                index += 1
                let name = take { $0.isLetter || $0.isNumber || $0 == "_" }
                spans.append((String(character) + name, .attribute))
            } else if character.isLetter || character == "_" || character == "`" {
                let word = take { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }
                if Self.keywords.contains(word) {
                    spans.append((word, .keyword))
                } else if word.first?.isUppercase == true {
                    spans.append((word, .type))
                } else {
                    spans.append((word, .plain))
                }
            } else {
                index += 1
                spans.append((String(character), .plain))
            }
        }
        return spans
    }
}
