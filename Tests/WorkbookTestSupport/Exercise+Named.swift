import ExerciseCatalog

extension Exercise {
    /// The listed exercise called `name`; a test that names one the list lacks stops there.
    public static func named(_ name: String) -> Exercise {
        guard let exercise = ExerciseManifest.named(name) else { preconditionFailure("no exercise \(name)") }
        return exercise
    }
}
