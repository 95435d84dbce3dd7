import ExerciseCatalog
import Foundation

/// A made-up class for trying `workbook grade --submissions` and timing it
/// (`workbook dev sample-class`): students whose exercises are, in turn, solved, not
/// started, started but failing, and not compiling.
public struct SampleClass {
    public var workspace: ExerciseWorkspace
    public var students: Int

    public init(workspace: ExerciseWorkspace, students: Int) {
        self.workspace = workspace
        self.students = students
    }

    /// The states handed out, in turn, across students and exercises.
    enum Handed: CaseIterable {
        case solved, untouched, failing, doesNotCompile
    }

    /// Writes `student-01/Exercises/<Name>.swift` … into `folder`. Throws, in one line, in
    /// a checkout without the reference solutions (the student edition): a solved exercise
    /// is one.
    public func write(to folder: URL) throws {
        try workspace.requireSolutions(for: "workbook dev sample-class")
        let exercises = ExerciseManifest.all
        for student in 0..<students {
            let name = String(format: "student-%02d", student + 1)
            let exercisesFolder = folder.appendingPathComponent("\(name)/Exercises")
            try FileManager.default.createDirectory(at: exercisesFolder, withIntermediateDirectories: true)
            for (index, exercise) in exercises.enumerated() {
                let text = try file(of: exercise, handed: Handed.allCases[(student + index) % Handed.allCases.count])
                try Data(text.utf8).write(to: exercisesFolder.appendingPathComponent("\(exercise.name).swift"))
            }
        }
    }

    private func file(of exercise: Exercise, handed: Handed) throws -> String {
        let stub = String(decoding: try workspace.stub(of: exercise), as: UTF8.self)
        switch handed {
        case .solved: return try String(contentsOf: workspace.url(exercise.solutionPath), encoding: .utf8)
        case .untouched: return stub
        case .failing: return stub + "\n// started, not finished\n"
        case .doesNotCompile: return stub + "\nlet unfinished: Int = \"not yet\"\n"
        }
    }
}
