/// Spells a string as a Swift string literal, so generated code holds any text exactly:
/// a chapter's text, a student's folder name with a CR or LF in it.
public enum SwiftLiteral {
    public static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where isLineBreaking(scalar):
                literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    package static func optionalString(_ text: String?) -> String {
        text.map(string) ?? "nil"
    }

    /// `text` safe to put in a `//` comment or a compiler message: every control character
    /// and line separator becomes `?`.
    public static func comment(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isLineBreaking($0) ? "?" : $0 }))
    }

    /// A control character, or one of Unicode's line and paragraph separators.
    private static func isLineBreaking(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
