import Foundation

/// Writing generated files so that builds stay incremental: a file rewritten with the same
/// text would still look new to the build system, and everything after it would rebuild.
public enum FileWriting {
    /// Writes `text` to `url` only when it differs from what is there (atomically),
    /// creating the folder if needed. Returns whether it wrote.
    @discardableResult
    public static func writeIfChanged(_ text: String, to url: URL) throws -> Bool {
        guard difference(of: text, at: url) != nil else { return false }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).replacingContents(of: url)
        return true
    }

    /// How the file at `url` differs from `text`; nil when it holds exactly that. What a
    /// check of committed generated files reports.
    public static func difference(of text: String, at url: URL) -> Difference? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return .missing }
        return data == Data(text.utf8) ? nil : .differs
    }

    public enum Difference: Sendable {
        case missing, differs
    }
}
