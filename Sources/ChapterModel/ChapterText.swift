import Foundation

/// A chapter file's text, read the same way by ScenarioCodegen and by the
/// workbook, so both say the same thing about a file they cannot use.
public enum ChapterText {
    /// The file as UTF-8 text.
    ///
    /// - Throws: ``ChapterError`` naming `path`: the file cannot be read, or is not valid
    ///   UTF-8 (with the byte offset of the first bad byte, and its line).
    public static func read(_ url: URL, path: String) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ChapterError(path: path, line: nil, message: "cannot read the file: \(error.localizedDescription)")
        }
        return try decode(data, path: path)
    }

    static func decode(_ data: Data, path: String) throws -> String {
        if let text = String(data: data, encoding: .utf8) { return text }
        let offset = firstInvalidByte(in: Array(data)) ?? 0
        let line = data.prefix(offset).filter { $0 == UInt8(ascii: "\n") }.count + 1
        throw ChapterError(path: path, line: line, message: "not valid UTF-8 (the first bad byte is at offset \(offset)); save the chapter as UTF-8")
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence.
    static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

extension ChapterError {
    /// Two chapter files with one number: a learner could not tell which `run 7` means.
    public static func sameNumber(_ path: String, _ otherPath: String, number: Int) -> ChapterError {
        ChapterError(path: path, line: nil, message: "chapter number \(number) is also used by \(otherPath); give each chapter its own number")
    }
}
