import WorkbookBasics
import ExerciseCatalog
import Foundation
import FileFingerprints

/// One exercise file to grade: which exercise, whose file, and where it is.
///
/// The same job grades a learner's `Exercises/` file, a student's file in a class, and the
/// workbook's own stubs and solutions (`workbook dev check`), so all of them go through one
/// engine.
public struct GradingJob: Hashable, Sendable {
    public var exercise: Exercise
    /// The Swift file to compile with the exercise's check.
    public var file: URL
    /// How messages name the file: `Exercises/MyAssign.swift`, `class/alice/Exercises/MyAssign.swift`.
    public var displayPath: String
    /// Whose file it is, as part of a Swift identifier (see ``GradingJob/group(named:)``).
    public var group: String

    public init(exercise: Exercise, file: URL, displayPath: String, group: String) {
        self.exercise = exercise
        self.file = file
        self.displayPath = displayPath
        self.group = group
    }

    /// The job for `submission`'s copy of `exercise`.
    public init(exercise: Exercise, submission: Submission) {
        self.init(exercise: exercise, file: submission.fileURL(of: exercise),
                  displayPath: submission.displayPath(of: exercise), group: Self.group(named: submission.name))
    }

    /// The file's name in compiler messages and `#sourceLocation`: ``displayPath`` with any
    /// control character (a CR or LF in a student's folder name) shown as `?`.
    var sourceName: String { SwiftLiteral.comment(displayPath) }

    /// What names the job's folder under the kit's `jobs/` and its modules
    /// (`Exercise_<name>` for the learner's file, `Grading_<name>` for the program):
    /// `<group>_<Exercise>`, different for every file of a class.
    var targetName: String { "\(group)_\(exercise.name)" }

    /// What names the job in ``GradingTimings``: unique in a grading, as ``targetName`` is.
    var timingName: String { targetName }

    /// A name as a Swift identifier that no other name maps to: letters and digits kept
    /// (the first 24, to read), then the SHA-256 of the whole name, so that `ann-b` and
    /// `annb`, or two names made to share a short hash, never share a grading folder.
    public static func group(named name: String) -> String {
        let kept = String(name.unicodeScalars.filter { $0.isASCII && CharacterSet.alphanumerics.contains($0) }.map(Character.init).prefix(24))
        return "G\(kept)_\(SHA256.hex(name.utf8))"
    }
}
