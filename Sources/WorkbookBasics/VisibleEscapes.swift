import Foundation

/// Text someone else wrote, with the characters that would act on a reader's screen
/// instead of showing written as visible escapes such as `\u{1B}`.
///
/// A learner's file name, folder name, compiler message or `fatalError` text reaches the
/// instructor's terminal in the grade table and the notes. Left as they are, an escape
/// sequence there can clear the screen and draw a table of its own, and a carriage return
/// can overwrite the row before it. Exports escape the same way for their formats
/// (GradeRecords' `GradeJUnit.xmlSafe(_:)`). A student's name is escaped further (``name(_:)``), so
/// that no two names read alike.
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

    /// `name` written so that a person sees every scalar in it, and no two names are ever
    /// written alike: what a grade shows wherever it names a student.
    ///
    /// A student names their own folder, and a folder's name is bytes: `carol` followed by a
    /// zero-width space, and `josé` composed (NFC) or decomposed (NFD), are other students
    /// than `carol` and `josé`, yet a terminal draws them the same. So a scalar is shown as
    /// itself only when it shows on its own: a letter, digit, punctuation or symbol that
    /// Unicode does not mark as ignorable, an ASCII space between other characters, and a
    /// combining mark only on a character shown as itself, in a name already in NFC (where
    /// no other spelling of the same text exists), and not a repeat of the mark before it.
    /// In a name that is not in NFC every scalar beyond ASCII is escaped, because NFC would
    /// change some of them (`e` and U+0301, or U+212B ANGSTROM SIGN, draw like `é` and
    /// `Å`). Everything else is written `\u{200B}`, and a backslash `\\`, so the escapes
    /// read back to exactly one name: different names are always shown differently.
    ///
    /// Letters of other scripts that look like Latin ones (Cyrillic `а`) are shown as
    /// themselves: telling those apart needs Unicode's confusables table.
    package static func name(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        let isNFC = scalars.elementsEqual(name.precomposedStringWithCanonicalMapping.unicodeScalars)
        var shown = String.UnicodeScalarView()
        var previousShown: Unicode.Scalar?
        for (index, scalar) in scalars.enumerated() {
            let atEdge = index == 0 || index == scalars.count - 1
            if scalar == "\\" {
                shown.append(contentsOf: "\\\\".unicodeScalars)
                previousShown = nil
            } else if showsAsItself(scalar, atEdge: atEdge, inNFC: isNFC, after: previousShown) {
                shown.append(scalar)
                previousShown = scalar
            } else {
                shown.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
                previousShown = nil
            }
        }
        return String(shown)
    }

    private static func showsAsItself(_ scalar: Unicode.Scalar, atEdge: Bool, inNFC: Bool, after previous: Unicode.Scalar?) -> Bool {
        if scalar == " " { return !atEdge }
        if scalar.isASCII { return !actsOnTerminal(scalar) }
        guard inNFC, !scalar.properties.isDefaultIgnorableCodePoint, !scalar.properties.isNoncharacterCodePoint else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return previous != nil && previous != scalar
        default:
            // Controls, formats (U+200B, U+200D, U+2060…), spaces other than ASCII's, line
            // and paragraph separators, private use, unassigned.
            return false
        }
    }
}
