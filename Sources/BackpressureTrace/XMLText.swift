/// Text made safe for XML and HTML: `&`, `<`, `>`, `"` and `'` escaped, for element content
/// and attribute values alike.
///
/// It goes scalar by scalar, not character by character: a `<` that a combining or
/// prepended scalar joins into one `Character` (`"\u{600}<"`, `">\u{338}"`) is still a `<`
/// to an HTML parser (the serve red team made a link of a hop's name that way).
///
/// The trace's SVG needs it, and so does the workbook's web book; `package`, so that the
/// one copy serves both without becoming part of the trace's public API.
package enum XMLText {
    package static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
