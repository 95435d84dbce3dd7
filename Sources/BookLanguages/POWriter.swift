/// Writes a catalogue as gettext does, so `msgmerge` and a translator's editor read it.
public enum POWriter {
    /// The template: every message with an empty translation.
    public static func template(_ entries: [POFile.Entry], header: String) -> String {
        var text = "msgid \"\"\nmsgstr \"\"\n" + header.split(separator: "\n").map { "\"\(escape(String($0)))\\n\"\n" }.joined()
        for entry in entries {
            text += "\n"
            for comment in entry.extractedComments { text += "#. \(comment)\n" }
            for reference in entry.references { text += "#: \(reference)\n" }
            if !entry.flags.isEmpty { text += "#, \(entry.flags.sorted().joined(separator: ", "))\n" }
            if let context = entry.context { text += "msgctxt \"\(escape(context))\"\n" }
            text += "msgid \"\(escape(entry.id))\"\n"
            text += "msgstr \"\(escape(entry.translation))\"\n"
        }
        return text
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\r": escaped += "\\r"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
