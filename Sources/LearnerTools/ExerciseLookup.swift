import ExerciseCatalog
import WorkbookBasics

/// Finds exercises by the name a learner typed.
public enum ExerciseLookup {
    /// The exercise called `name` (any letter case), or a one-line error listing the valid names.
    public static func exercise(named name: String) throws -> Exercise {
        if let exact = ExerciseManifest.named(name) { return exact }
        if let loose = ExerciseManifest.all.first(where: { $0.name.lowercased() == name.lowercased() }) { return loose }
        throw WorkbookError(ExerciseManifest.unknownNameMessage(name))
    }
}
