/// Swift source text for a value that came from outside: a student's folder name, a path.
enum SwiftLiteral {
    /// `text` as a string literal: quotes and backslashes escaped, and every control
    /// character (a CR or LF in a folder name) written as `\u{…}`, so that no name can end
    /// the literal or the line it is on.
    static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case _ where scalar.value < 0x20 || scalar.value == 0x7f || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator:
                literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// `text` safe to put in a `//` comment: control characters become `?`.
    static func comment(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7f || $0.value == 0x2028 || $0.value == 0x2029 ? "?" : $0 }))
    }
}
