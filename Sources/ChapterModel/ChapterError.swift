/// Something wrong with a chapter file, located at a line of it.
///
/// Its description is the one-line `file:line: message` that editors and terminals link to.
public struct ChapterError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The chapter's path as the reader knows it, for example `Chapters/03-fibonacci.md`.
    public var path: String
    /// The line the problem is on, when there is one.
    public var line: Int?
    public var message: String

    public init(path: String, line: Int?, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "\(path): \(message)"
    }
}
