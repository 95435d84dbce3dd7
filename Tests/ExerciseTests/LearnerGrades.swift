import ExerciseCatalog
import Foundation
import Testing
@testable import Grading

/// The learner's side of `swift test`: what the generated tests (one per exercise, in
/// Generated/, which `workbook dev generate` writes from the list) call.
///
/// Each exercise file is graded in a process of its own by the same engine as
/// `workbook check`, so one that does not compile, traps, hangs or exits cannot stop the
/// others, or the rest of `swift test`, from running. All started exercises are built and
/// run together, once, the first time a test asks.
enum LearnerGrades {
    static let workspace: ExerciseWorkspace = {
        guard let workspace = ExerciseWorkspace.containing(#filePath) else {
            preconditionFailure("no workbook checkout above \(#filePath)")
        }
        return workspace
    }()

    static func isStarted(_ name: String) -> Bool {
        ExerciseManifest.named(name).map { workspace.state(of: $0) == .started } ?? true
    }

    private static let results = Result {
        try Grader(workspace: workspace).grade(ExerciseManifest.all)
    }

    /// Records an issue unless the learner's file for `name` passes its check.
    static func expectPassed(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let exercise = ExerciseManifest.named(name) else {
            Issue.record("\(name) is in Sources/ExerciseStubs but not in ExerciseManifest", sourceLocation: sourceLocation)
            return
        }
        do {
            guard let result = try results.get().first(where: { $0.exercise == exercise }) else {
                Issue.record("\(name) was not graded", sourceLocation: sourceLocation)
                return
            }
            if !result.outcome.isPassed {
                Issue.record("""
                    \(name): \(result.outcome.label): \(result.outcome.detail ?? "")
                    (graded because \(exercise.filePath) differs from its stub; `swift run workbook reset \(name)` restores the stub)
                    """, sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("\(name): grading failed: \(error)", sourceLocation: sourceLocation)
        }
    }
}

@Suite struct GeneratedExerciseTestsTests {
    @Test("There is one generated test per exercise in the list")
    func oneTestPerExercise() {
        #expect(Exercises.names == ExerciseManifest.all.map(\.name))
    }
}
