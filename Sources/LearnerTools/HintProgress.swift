import WorkbookBasics
import ExerciseCatalog
import Foundation

/// How many hints of each exercise a learner has seen, kept in `.workbook/hints.json` at
/// the package root (gitignored), so `workbook hint` gives the next one each time.
public struct HintProgress {
    public let file: URL
    private var seen: [String: Int]

    /// Whatever cannot be read of the file (garbage, a folder in its place) counts as no
    /// hints seen yet.
    public init(workspace: ExerciseWorkspace) {
        file = workspace.url(".workbook/hints.json")
        seen = FileManager.default.contents(atPath: file.path)
            .flatMap { try? JSONDecoder().decode([String: Int].self, from: $0) } ?? [:]
    }

    public func seenCount(of exercise: Exercise) -> Int {
        min(seen[exercise.name] ?? 0, exercise.hints.count)
    }

    /// The next hint, numbered from 1, recorded as seen; after the last one, the last again.
    public mutating func next(for exercise: Exercise) throws -> (number: Int, text: String) {
        guard !exercise.hints.isEmpty else { throw WorkbookError("\(exercise.name) has no hints; its file's header and chapter \(exercise.chapter) say what to build") }
        let number = min(seenCount(of: exercise) + 1, exercise.hints.count)
        seen[exercise.name] = number
        try save()
        return (number, exercise.hints[number - 1])
    }

    /// Forgets the hints seen for `exercise` (after a reset, the learner starts over).
    public mutating func forget(_ exercise: Exercise) throws {
        guard seen.removeValue(forKey: exercise.name) != nil else { return }
        try save()
    }

    private func save() throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(seen).replacingContents(of: file)
    }
}
