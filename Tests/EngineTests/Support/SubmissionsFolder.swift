import Foundation

/// A folder of submissions for `workbook grade --submissions`, removed afterwards.
final class SubmissionsFolder {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("class-\(UUID().uuidString)")
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Writes `text` as the file at `path` inside the folder (`ada/Exercises/Countdown.swift`).
    func hand(in text: String, as path: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
