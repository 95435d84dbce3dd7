/// Spells a string as a Swift string literal, so generated code holds any text exactly.
enum SwiftLiteral {
    static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    static func optionalString(_ text: String?) -> String {
        text.map(string) ?? "nil"
    }
}

/// The Swift identifier for a chapter's entry in the catalog: `03-fibonacci` → `chapter_03_fibonacci`.
func catalogIdentifier(forChapterNamed name: String) -> String {
    "chapter_" + String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
}
