/// Text kept within a number of UTF-8 bytes, whole characters only, with a note of what
/// was cut: the one way a message a learner's code decides is bounded, in the judge and
/// in the workbook alike.
public enum TextCut {
    /// `text` when it fits in `limit` bytes, else its first characters within the limit and
    /// a note of how many bytes were cut.
    public static func keepingStart(of text: String, within limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var kept = 0
        var end = text.startIndex
        for index in text.indices {
            let size = text[index].utf8.count
            guard kept + size <= limit else { break }
            kept += size
            end = text.index(after: index)
        }
        return String(text[..<end]) + " … (\(text.utf8.count - kept) more bytes cut)"
    }
}
