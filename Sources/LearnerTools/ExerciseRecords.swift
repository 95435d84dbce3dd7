import WorkbookBasics
import ExerciseCatalog
import Foundation
import Grading
import GradeRecords

/// The last grade of each exercise, kept in `.workbook/results.json` (gitignored) so that
/// `workbook` with no arguments can show progress without building anything.
///
/// A convenience for the overview, never a grade: `check`, `grade` and `swift test` always
/// grade afresh. Each state is stored with a fingerprint of the file it graded; once the
/// file changes, the old state no longer counts. A file that cannot be read (garbage, a
/// folder in its place) counts as no records at all.
public struct ExerciseRecords {
    private struct Record: Codable {
        var state: ExerciseState
        var fingerprint: String
    }

    public let workspace: ExerciseWorkspace
    private var records: [String: Record]
    private var file: URL { workspace.url(".workbook/results.json") }

    public init(workspace: ExerciseWorkspace) {
        self.workspace = workspace
        records = FileManager.default.contents(atPath: workspace.url(".workbook/results.json").path)
            .flatMap { try? JSONDecoder().decode([String: Record].self, from: $0) } ?? [:]
    }

    /// Remembers `results`, each against the file as it is now. Failing to write them is
    /// not worth an error: they are only a shortcut for the overview.
    public mutating func remember(_ results: [ExerciseResult]) {
        for result in results {
            guard let fingerprint = fingerprint(of: result.exercise) else { continue }
            records[result.exercise.name] = Record(state: result.outcome.state, fingerprint: fingerprint)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? encoder.encode(records).replacingContents(of: file)
    }

    /// The state the exercise was last graded with, if its file has not changed since.
    public func lastState(of exercise: Exercise) -> ExerciseState? {
        guard let record = records[exercise.name], record.fingerprint == fingerprint(of: exercise) else { return nil }
        return record.state
    }

    /// What can be said of the exercise without grading it: "not started", its last grade
    /// if the file has not changed since, or that it changed since.
    public func knownState(of exercise: Exercise) -> String {
        switch workspace.state(of: exercise) {
        case .untouched, .missing: return ExerciseState.notStarted.rawValue
        case .started: return lastState(of: exercise)?.rawValue ?? "not checked since the last edit"
        }
    }

    /// FNV-1a over the file's bytes: enough to notice an edit, and the same on every platform.
    private func fingerprint(of exercise: Exercise) -> String? {
        guard let data = FileManager.default.contents(atPath: workspace.url(exercise.filePath).path) else { return nil }
        let hash = data.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
