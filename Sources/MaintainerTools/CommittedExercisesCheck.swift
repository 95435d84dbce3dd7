import Course
import Foundation

/// In the workbook's own repository, `Exercises/` is committed so that a clone (and a
/// classroom template) has every exercise ready to edit, and an editor package beside them.
/// Those copies must stay byte-for-byte the stubs in `Sources/ExerciseStubs/`, or a fresh
/// clone would start "started" and `reset` would not give back what was shipped.
///
/// Only `workbook dev check` (and so CI) runs this; never a learner's `swift test`, where
/// an edited exercise is the whole point.
public struct CommittedExercisesCheck {
    public var workspace: ExerciseWorkspace
    public var exercises: [Exercise]

    public init(workspace: ExerciseWorkspace, exercises: [Exercise] = ExerciseManifest.all) {
        self.workspace = workspace
        self.exercises = exercises
    }

    /// One line per exercise whose `Exercises/` copy differs from its stub or is missing,
    /// and one if the editor package is missing. Empty when all is as shipped.
    public func problems() -> [String] {
        var problems: [String] = []
        if !FileManager.default.fileExists(atPath: workspace.url("Exercises/Package.swift").path) {
            problems.append("Exercises/Package.swift is missing: editors need it to see the workbook's modules")
        }
        for exercise in exercises {
            switch workspace.state(of: exercise) {
            case .untouched: continue
            case .missing: problems.append("\(exercise.filePath) is missing: copy \(exercise.stubPath) there and commit it")
            case .started: problems.append("\(exercise.filePath) differs from \(exercise.stubPath): the committed copy must be the stub (`swift run workbook reset \(exercise.name) --yes`, or copy the stub over it)")
            }
        }
        return problems
    }
}
