
/// Every exercise, in the order a learner meets them, with its chapter, hints and points.
///
/// This is the one list: `workbook check`, `hint`, `reset`, `watch` and `grade` read it,
/// `workbook dev generate` writes a test per entry from it, and scripts and CI ask for it with
/// `workbook dev exercises --json`. It is written as data, in `Sources/ExerciseCatalog/exercises.json`
/// (``ExerciseListFile`` gives its fields), and compiled in as the Swift that `workbook dev
/// generate` writes from it (`Generated/`), which is where a mistake in it is reported, at
/// its line; the workbook's tests fail when the two differ.
///
/// An exercise is its entry plus four files under its name: the stub
/// (`Sources/ExerciseStubs/`), the solution (`Instructor/Sources/Solutions/`), the binding that feeds
/// its types to its check (`Sources/DriverBindings/`) and the check itself
/// (`Sources/ExerciseChecks/Checks/`). Everything else is derived: the learner's copy and
/// the classroom file (`workbook dev generate`), the grading program, the tests.
/// `workbook dev check` proves the parts fit.
public enum ExerciseManifest {
    public static let all: [Exercise] = listed

    /// Where the list is written, relative to the workbook's root.
    public static let path = ExerciseListFile.path

    /// The exercise called `name`, exactly as listed.
    public static func named(_ name: String) -> Exercise? {
        all.first { $0.name == name }
    }

    /// The one-line error for a name that is not an exercise, listing the valid ones.
    public static func unknownNameMessage(_ name: String) -> String {
        "no exercise named '\(name)'; the exercises are: \(all.map(\.name).joined(separator: ", "))"
    }
}
