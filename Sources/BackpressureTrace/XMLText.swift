/// Text made safe for XML and HTML: `&`, `<`, `>` and `"` escaped, for element content
/// and attribute values alike.
///
/// The trace's SVG needs it, and so does the workbook's web book; `package`, so that the
/// one copy serves both without becoming part of the trace's public API.
package enum XMLText {
    package static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
