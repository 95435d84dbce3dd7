/// Text a learner's program chose (values it sent that a check quotes, its trap message),
/// made safe to show in a terminal and to keep in a grade record.
///
/// A terminal obeys the control characters in what it prints: ESC sequences clear the
/// screen, retitle the window or recolour a line, and a carriage return lets a line print
/// over itself ("✔ passed"). Every control character but newline and tab becomes a visible
/// escape such as `\u{1B}`, and text past ``limit`` characters is cut, saying how much was.
enum LearnerText {
    /// Characters kept of one message: far more than any check's message with its timeline.
    static let limit = 16 * 1024

    static func visible(_ text: String) -> String {
        var shown = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                return String(shown) + "… (\(text.unicodeScalars.count - limit) more characters cut)"
            }
            count += 1
            if isControl(scalar) {
                shown.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                shown.append(scalar)
            }
        }
        return String(shown)
    }

    /// C0 controls but newline and tab, DEL, and the C1 controls (U+0080–U+009F, among them
    /// a one-character ESC [).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        default: return false
        }
    }
}
