import ExerciseCatalog
import Foundation

extension ExerciseWorkspace {
    /// The workbook the command runs in, found the way every command finds it.
    public static func locate() throws -> ExerciseWorkspace {
        ExerciseWorkspace(root: try PackageRoot.locate())
    }

    /// The workbook the command runs in, with a fresh copy of the stub in `Exercises/` for
    /// every exercise that has no file there yet (the first run, or a file deleted since),
    /// and a word about it on standard error. What the learner's commands start with.
    public static func locateLayingOutExercises() throws -> ExerciseWorkspace {
        let workspace = try locate()
        let laidOut = try workspace.layOutMissing(ExerciseManifest.all)
        if !laidOut.isEmpty {
            let names = laidOut.count == ExerciseManifest.all.count ? "every exercise" : laidOut.map(\.filePath).joined(separator: ", ")
            logProgress("copied the stub of \(names) into Exercises/: those files are yours to edit (open the Exercises/ folder in your editor)")
        }
        return workspace
    }
}

/// Progress lines for slow steps ("building 3 exercises…"), on standard error so that
/// standard output holds only the report.
public func logProgress(_ line: String) {
    FileHandle.standardError.write(Data("workbook: \(line)\n".utf8))
}
