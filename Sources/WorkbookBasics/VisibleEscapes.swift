/// Text someone else wrote, with the characters that would act on a reader's screen
/// instead of showing written as visible escapes such as `\u{1B}`.
///
/// A learner's file name, folder name, compiler message or `fatalError` text reaches the
/// instructor's terminal in the grade table and the notes. Left as they are, an escape
/// sequence there can clear the screen and draw a table of its own, and a carriage return
/// can overwrite the row before it. Exports escape the same way for their formats
/// (``GradeJUnit/xmlSafe(_:)``).
package enum VisibleEscapes {
    /// `text` with every scalar `needsEscape` picks written as `\u{…}`.
    package static func escaping(_ text: String, where needsEscape: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var safe = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                safe.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                safe.append(scalar)
            }
        }
        return String(safe)
    }

    /// `text` as one line a terminal shows as written: every control character (tab, line
    /// feed and carriage return included), the line and paragraph separators, and the
    /// bidirectional overrides, which reorder what follows them, are escaped.
    package static func terminalLine(_ text: String) -> String {
        escaping(text, where: actsOnTerminal)
    }

    package static func actsOnTerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
