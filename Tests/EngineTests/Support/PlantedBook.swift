import Foundation
import WorkbookTestSupport

/// A workbook folder of its own in a temporary folder, holding this package's
/// `Package.swift` and a copy of its chapters, edited: a learner's tree after an edit,
/// without touching this one's. It has no sources, so no scenario kit can be built there:
/// an edited scenario can only be refused.
struct PlantedBook {
    let root: URL

    /// Copies `chapters` (file names in `Chapters/`) and writes `extra` files (path to text).
    init(chapters: [String] = ["01-demand.md"], extra: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-planted-\(UUID().uuidString)")
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("Chapters"), withIntermediateDirectories: true)
        try manager.createDirectory(at: root.appendingPathComponent("Sources/ExerciseStubs"), withIntermediateDirectories: true)
        try manager.copyItem(at: BuiltWorkbook.packageRoot.appendingPathComponent("Package.swift"), to: root.appendingPathComponent("Package.swift"))
        for chapter in chapters {
            try manager.copyItem(at: BuiltWorkbook.packageRoot.appendingPathComponent("Chapters/\(chapter)"),
                                 to: root.appendingPathComponent("Chapters/\(chapter)"))
        }
        for (path, text) in extra { try write(text, to: path) }
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    /// Replaces the one occurrence of `old` in the file at `path`; returns the line it was on.
    @discardableResult
    func replace(_ old: String, with new: String, in path: String) throws -> Int {
        let text = try read(path)
        guard let range = text.range(of: old), text.ranges(of: old).count == 1 else {
            throw PlantError(description: "\(path) does not hold '\(old)' exactly once")
        }
        try write(text.replacingCharacters(in: range, with: new), to: path)
        return text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    struct PlantError: Error, CustomStringConvertible {
        var description: String
    }
}
