import Foundation

/// Writing generated files so that builds stay incremental: a file rewritten with the same
/// text would still look new to the build system, and everything after it would rebuild.
public enum FileWriting {
    /// Writes `text` to `url` only when it differs from what is there (atomically),
    /// creating the folder if needed.
    public static func writeIfChanged(_ text: String, to url: URL) throws {
        let data = Data(text.utf8)
        guard FileManager.default.contents(atPath: url.path) != data else { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.replacingContents(of: url)
    }
}
