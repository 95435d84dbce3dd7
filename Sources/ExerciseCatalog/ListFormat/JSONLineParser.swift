/// Reads JSON (RFC 8259) into ``LocatedJSON``, noting each value's line.
///
/// A syntax error is thrown as `(line, message)`; the caller adds the file's path.
struct JSONLineParser {
    struct SyntaxError: Error {
        var line: Int
        var message: String
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The one value the text holds.
    static func parse(_ text: String) throws -> LocatedJSON {
        var parser = JSONLineParser(text)
        let value = try parser.value()
        parser.skipWhitespace()
        if parser.index < parser.scalars.count { throw parser.error("unexpected text after the end of the JSON value") }
        return value
    }

    private mutating func value() throws -> LocatedJSON {
        skipWhitespace()
        let start = line
        guard let scalar = peek() else { throw error("the file ends where a value was expected") }
        switch scalar {
        case "{": return LocatedJSON(value: try object(), line: start)
        case "[": return LocatedJSON(value: try array(), line: start)
        case "\"": return LocatedJSON(value: .string(try string()), line: start)
        case "t": try literal("true"); return LocatedJSON(value: .bool(true), line: start)
        case "f": try literal("false"); return LocatedJSON(value: .bool(false), line: start)
        case "n": try literal("null"); return LocatedJSON(value: .null, line: start)
        case "-", "0"..."9": return LocatedJSON(value: .number(try number()), line: start)
        default: throw error("unexpected '\(scalar)' where a value was expected")
        }
    }

    private mutating func object() throws -> LocatedJSON.Value {
        index += 1 // {
        var members: [(key: String, keyLine: Int, value: LocatedJSON)] = []
        skipWhitespace()
        if peek() == "}" { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek() == "\"" else { throw error("expected a field name in quotes") }
            let keyLine = line
            let key = try string()
            if let earlier = members.first(where: { $0.key == key }) {
                throw SyntaxError(line: keyLine, message: "the field \"\(key)\" is given twice in one object (first at line \(earlier.keyLine))")
            }
            try expect(":", "expected ':' after the field name \"\(key)\"")
            members.append((key, keyLine, try value()))
            skipWhitespace()
            if peek() == "," { index += 1; continue }
            try expect("}", "expected ',' or '}' after the value of \"\(key)\"")
            return .object(members)
        }
    }

    private mutating func array() throws -> LocatedJSON.Value {
        index += 1 // [
        var elements: [LocatedJSON] = []
        skipWhitespace()
        if peek() == "]" { index += 1; return .array(elements) }
        while true {
            elements.append(try value())
            skipWhitespace()
            if peek() == "," { index += 1; continue }
            try expect("]", "expected ',' or ']' after an element of the array")
            return .array(elements)
        }
    }

    private mutating func string() throws -> String {
        index += 1 // "
        var text = String.UnicodeScalarView()
        while let scalar = peek() {
            index += 1
            switch scalar {
            case "\"": return String(text)
            case "\\":
                guard let escaped = peek() else { break }
                index += 1
                switch escaped {
                case "\"", "\\", "/": text.append(escaped)
                case "b": text.append("\u{8}")
                case "f": text.append("\u{C}")
                case "n": text.append("\n")
                case "r": text.append("\r")
                case "t": text.append("\t")
                case "u": text.append(try unicodeEscape())
                default: throw error("unknown escape '\\\(escaped)' in a string")
                }
            case _ where scalar.value < 0x20:
                throw error(scalar == "\n" ? "a string runs past the end of its line (a missing '\"'?)" : "a control character in a string (write it as an escape)")
            default: text.append(scalar)
            }
        }
        throw error("the file ends inside a string")
    }

    /// The scalar after `\u`: four hex digits, or a surrogate pair of two escapes.
    private mutating func unicodeEscape() throws -> Unicode.Scalar {
        let high = try hexQuad()
        if (0xD800..<0xDC00).contains(high) {
            guard peek() == "\\", index + 1 < scalars.count, scalars[index + 1] == "u" else { throw error("a lone surrogate in a \\u escape") }
            index += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a \\u escape") }
            return Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("a lone surrogate in a \\u escape") }
        return scalar
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard index + 4 <= scalars.count, let value = UInt32(String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16) else {
            throw error("a \\u escape needs four hex digits")
        }
        index += 4
        return value
    }

    private mutating func number() throws -> Double {
        let start = index
        while let scalar = peek(), "0123456789+-.eE".unicodeScalars.contains(scalar) { index += 1 }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        guard let number = Double(text) else { throw error("'\(text)' is not a number") }
        return number
    }

    private mutating func literal(_ word: String) throws {
        for expected in word.unicodeScalars {
            guard peek() == expected else { throw error("unexpected text where a value was expected (did you mean \(word)?)") }
            index += 1
        }
    }

    private mutating func expect(_ scalar: Unicode.Scalar, _ message: String) throws {
        skipWhitespace()
        guard peek() == scalar else { throw error(message) }
        index += 1
    }

    private mutating func skipWhitespace() {
        while let scalar = peek(), scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
            if scalar == "\n" { line += 1 }
            index += 1
        }
    }

    private func peek() -> Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(line: line, message: message)
    }
}
