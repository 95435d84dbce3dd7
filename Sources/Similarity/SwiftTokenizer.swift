/// Splits a Swift file's bytes into tokens, over Swift's lexical grammar, with comments and
/// whitespace left out.
///
/// A student's file is hostile input, so this is written to be safe on any bytes, not only
/// on Swift: it reads a byte array once, front to back, never recurses, and every step moves
/// on by at least one byte, so it takes time and memory linear in the file (whose size
/// ``SimilarityInput`` bounds). Nothing it meets stops it: an unterminated string or comment
/// runs to the end of the file, a byte it does not know is a punctuation token of its own,
/// bytes beyond ASCII are letters of an identifier (as Swift allows most of them to be).
/// It need not agree with the compiler on every file that does not compile; on a file that
/// does, it finds the same identifiers, keywords, literals and operators.
enum SwiftTokenizer {
    static func tokens(of text: [UInt8]) -> [SwiftToken] {
        var tokens: [SwiftToken] = []
        tokens.reserveCapacity(text.count / 4)
        var index = 0
        var line = 1
        let count = text.count

        @inline(__always) func byte(_ at: Int) -> UInt8 { at < count ? text[at] : 0 }

        while index < count {
            let c = text[index]
            // Whitespace.
            if c == 0x0A { line += 1; index += 1; continue }
            if c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0B || c == 0x0C || c == 0x00 { index += 1; continue }
            let start = index
            let startLine = line
            // Comments: `//` to the end of the line; `/* */`, nested as Swift nests them.
            if c == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "/") {
                while index < count && text[index] != 0x0A { index += 1 }
                continue
            }
            if c == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "*") {
                var depth = 0
                while index < count {
                    if text[index] == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "*") {
                        depth += 1; index += 2
                    } else if text[index] == UInt8(ascii: "*") && byte(index + 1) == UInt8(ascii: "/") {
                        depth -= 1; index += 2
                        if depth == 0 { break }
                    } else {
                        if text[index] == 0x0A { line += 1 }
                        index += 1
                    }
                }
                continue
            }
            // Strings: raw (`#"…"#`), multi-line (`"""…"""`) and plain, interpolations and
            // all, are one literal each.
            if c == UInt8(ascii: "\"") || (c == UInt8(ascii: "#") && Self.startsRawString(text, at: index)) {
                index = Self.endOfString(text, from: index, line: &line)
                tokens.append(SwiftToken(kind: .string, start: start, end: index, line: startLine))
                continue
            }
            if Self.isIdentifierHead(c) {
                while index < count && Self.isIdentifierBody(text[index]) { index += 1 }
                let kind: SwiftToken.Kind = TokenNormalizer.isKeyword(text[start..<index]) ? .keyword : .identifier
                tokens.append(SwiftToken(kind: kind, start: start, end: index, line: startLine))
                continue
            }
            if c == UInt8(ascii: "`") {
                // A name in backticks is a name, whatever is between them.
                index += 1
                while index < count && text[index] != UInt8(ascii: "`") && text[index] != 0x0A { index += 1 }
                if index < count && text[index] == UInt8(ascii: "`") { index += 1 }
                tokens.append(SwiftToken(kind: .identifier, start: start, end: index, line: startLine))
                continue
            }
            if Self.isDigit(c) {
                index += 1
                while index < count {
                    let d = text[index]
                    if Self.isIdentifierBody(d) {
                        index += 1
                    } else if d == UInt8(ascii: ".") && Self.isDigit(byte(index + 1)) {
                        index += 1
                    } else if (d == UInt8(ascii: "+") || d == UInt8(ascii: "-")) && (text[index - 1] | 0x20 == UInt8(ascii: "e") || text[index - 1] | 0x20 == UInt8(ascii: "p")) {
                        index += 1
                    } else {
                        break
                    }
                }
                tokens.append(SwiftToken(kind: .number, start: start, end: index, line: startLine))
                continue
            }
            if c == UInt8(ascii: "@") && Self.isIdentifierHead(byte(index + 1)) {
                index += 1
                while index < count && Self.isIdentifierBody(text[index]) { index += 1 }
                tokens.append(SwiftToken(kind: .attribute, start: start, end: index, line: startLine))
                continue
            }
            if c == UInt8(ascii: "#") && Self.isIdentifierHead(byte(index + 1)) {
                index += 1
                while index < count && Self.isIdentifierBody(text[index]) { index += 1 }
                tokens.append(SwiftToken(kind: .directive, start: start, end: index, line: startLine))
                continue
            }
            if c == UInt8(ascii: "$") {
                index += 1
                while index < count && Self.isIdentifierBody(text[index]) { index += 1 }
                tokens.append(SwiftToken(kind: .identifier, start: start, end: index, line: startLine))
                continue
            }
            if Self.isOperator(c) {
                // `.` starts an operator only when another operator character follows (`..<`,
                // `...`); otherwise it is the member dot.
                if c == UInt8(ascii: ".") && byte(index + 1) != UInt8(ascii: ".") {
                    index += 1
                    tokens.append(SwiftToken(kind: .punctuation, start: start, end: index, line: startLine))
                    continue
                }
                index += 1
                while index < count && Self.isOperator(text[index]) {
                    // A comment right after an operator ends it.
                    if text[index] == UInt8(ascii: "/") && (byte(index + 1) == UInt8(ascii: "/") || byte(index + 1) == UInt8(ascii: "*")) { break }
                    index += 1
                }
                tokens.append(SwiftToken(kind: .operator, start: start, end: index, line: startLine))
                continue
            }
            index += 1
            tokens.append(SwiftToken(kind: .punctuation, start: start, end: index, line: startLine))
        }
        return tokens
    }

    static func isIdentifierHead(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "_") || c >= 0x80
    }

    static func isIdentifierBody(_ c: UInt8) -> Bool { isIdentifierHead(c) || isDigit(c) }

    static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    static func isOperator(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
             UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
             UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    /// `#`s followed by a `"`: a raw string.
    static func startsRawString(_ text: [UInt8], at start: Int) -> Bool {
        var index = start
        while index < text.count && text[index] == UInt8(ascii: "#") { index += 1 }
        return index < text.count && text[index] == UInt8(ascii: "\"")
    }

    /// The index just past the string literal that starts at `start` (its `#`s or its
    /// quote), or the end of the text when it never closes. Interpolations are skipped by
    /// counting parentheses (a string inside one ends at its own quote).
    static func endOfString(_ text: [UInt8], from start: Int, line: inout Int) -> Int {
        let count = text.count
        var index = start
        var hashes = 0
        while index < count && text[index] == UInt8(ascii: "#") { hashes += 1; index += 1 }
        var multiline = false
        if index + 2 < count && text[index + 1] == UInt8(ascii: "\"") && text[index + 2] == UInt8(ascii: "\"") {
            multiline = true
            index += 3
        } else {
            index += 1
        }
        func closes(at i: Int) -> Bool {
            if multiline {
                guard i + 2 < count, text[i] == UInt8(ascii: "\""), text[i + 1] == UInt8(ascii: "\""), text[i + 2] == UInt8(ascii: "\"") else { return false }
                var j = i + 3
                var n = 0
                while n < hashes && j < count && text[j] == UInt8(ascii: "#") { n += 1; j += 1 }
                return n == hashes
            }
            guard text[i] == UInt8(ascii: "\"") else { return false }
            var j = i + 1
            var n = 0
            while n < hashes && j < count && text[j] == UInt8(ascii: "#") { n += 1; j += 1 }
            return n == hashes
        }
        var parens = 0  // inside an interpolation
        while index < count {
            let c = text[index]
            if c == 0x0A {
                if !multiline && parens == 0 { return index }  // a plain string ends with its line
                line += 1
            }
            if parens > 0 {
                if c == UInt8(ascii: "(") { parens += 1 } else if c == UInt8(ascii: ")") { parens -= 1 }
                index += 1
                continue
            }
            if c == UInt8(ascii: "\\") {
                var j = index + 1
                var n = 0
                while n < hashes && j < count && text[j] == UInt8(ascii: "#") { n += 1; j += 1 }
                if n == hashes {
                    if j < count && text[j] == UInt8(ascii: "(") { parens = 1; index = j + 1; continue }
                    index = min(j + 1, count)
                    continue
                }
            }
            if closes(at: index) {
                return min(index + (multiline ? 3 : 1) + hashes, count)
            }
            index += 1
        }
        return count
    }
}
