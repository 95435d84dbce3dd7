/// Colours Swift code for the terminal: keywords, types, strings, numbers, comments.
///
/// A small hand-written lexer, not a parser: it only has to make chapter code easier to
/// read, and it must never change a character of it. Lines are returned separately, each
/// exactly one line of the code, so code is shown as written and never wrapped.
public struct SwiftHighlighter {
    public init() {}

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
        for span in tokens(code) {
            let parts = span.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() {
                if index > 0 { lines.append([]) }
                if !part.isEmpty { lines[lines.count - 1].append(Span(String(part), span.style)) }
            }
        }
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    private func tokens(_ code: String) -> [Span] {
        let characters = Array(code)
        var spans: [Span] = []
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
                spans.append(Span(take { $0 != "\n" }, Self.commentStyle))
            } else if starts(with: "/*") {
                index += 2
                while index < characters.count, !starts(with: "*/") { index += 1 }
                index = min(index + 2, characters.count)
                spans.append(Span(String(characters[start..<index]), Self.commentStyle))
            } else if starts(with: "\"\"\"") {
                index += 3
                while index < characters.count, !starts(with: "\"\"\"") { index += characters[index] == "\\" ? 2 : 1 }
                index = min(index + 3, characters.count)
                spans.append(Span(String(characters[start..<index]), Self.stringStyle))
            } else if character == "\"" {
                index += 1
                while index < characters.count, characters[index] != "\"", characters[index] != "\n" {
                    index += characters[index] == "\\" ? 2 : 1
                }
                index = min(index + 1, characters.count)
                spans.append(Span(String(characters[start..<index]), Self.stringStyle))
            } else if character.isNumber {
                spans.append(Span(take { $0.isNumber || $0.isLetter || $0 == "_" }, Self.numberStyle))
            } else if character == "@" || character == "#" {
                index += 1
                let name = take { $0.isLetter || $0.isNumber || $0 == "_" }
                spans.append(Span(String(character) + name, Self.attributeStyle))
            } else if character.isLetter || character == "_" || character == "`" {
                let word = take { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }
                if Self.keywords.contains(word) {
                    spans.append(Span(word, Self.keywordStyle))
                } else if word.first?.isUppercase == true {
                    spans.append(Span(word, Self.typeStyle))
                } else {
                    spans.append(Span(word))
                }
            } else {
                index += 1
                spans.append(Span(String(character)))
            }
        }
        return spans.coalesced
    }
}
