import ExerciseCatalog
import Foundation

/// How a student's folder lines up with the workbook, as ``ClassRoster`` reads it: a clone
/// of the workbook (it has an `Exercises/`), or just the contents of `Exercises/`.
public enum SubmissionLayout: Sendable, Equatable {
    /// The folder is the workbook's root; the exercises are in its `Exercises/`.
    case clone
    /// The folder is the workbook's `Exercises/`.
    case exercisesOnly

    /// The layout of the student's `folder`: a clone when it has an `Exercises` entry.
    public init(folder: URL) {
        self = FileManager.default.fileExists(atPath: folder.appendingPathComponent("Exercises").path) ? .clone : .exercisesOnly
    }

    /// Where `path` (relative to the student's folder) sits in the workbook.
    func workbookPath(of path: String) -> String {
        self == .clone ? path : "Exercises/" + path
    }

    /// The exercise files a student may hand in, with any bytes: `<Name>.swift` of each
    /// exercise listed, in `Exercises/`.
    static let exerciseFiles = Set(ExerciseManifest.all.map(\.filePath))

    /// Whether `path` (relative to the student's folder) is the folder exercises are handed
    /// in: a clone's `Exercises/`, which is searched even without a workbook to compare with.
    func isExerciseFolder(_ path: String) -> Bool {
        self == .clone && path == "Exercises"
    }

    /// Whether `path` (relative to the student's folder) is where an exercise is handed in.
    func isExercise(_ path: String) -> Bool {
        Self.exerciseFiles.contains(workbookPath(of: path))
    }
}
