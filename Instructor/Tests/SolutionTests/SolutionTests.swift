import ExerciseCatalog
import ExerciseChecks
import Foundation
import Testing
@testable import Grading
@testable import MaintainerTools

/// The checks can be trusted: graded by the same engine as a learner's file, every stub
/// fails its check and every reference solution passes it, and the exercises' parts fit
/// (`workbook dev check` runs the same).
@Suite("Solutions")
struct SolutionTests {
    static let workspace: ExerciseWorkspace = {
        guard let workspace = ExerciseWorkspace.containing(#filePath) else {
            preconditionFailure("no workbook checkout above \(#filePath)")
        }
        return workspace
    }()

    /// One run for the whole suite: it builds every stub and every solution.
    static let devCheck = Result { try DevCheck(workspace: workspace, grader: .judgedByBuiltWorkbook(workspace: workspace)).run() }

    @Test("Every stub fails its check", arguments: ExerciseManifest.all.map(\.name))
    func stubFails(_ name: String) throws {
        let outcome = try #require(try Self.devCheck.get().stubs[name], "\(name)'s stub was not graded")
        #expect(outcome.state == .failed, "the stub of \(name) must fail its check quickly and cleanly, but ended \(outcome.label): \(outcome.detail ?? "")")
    }

    @Test("The reference solution passes its check", arguments: ExerciseManifest.all.map(\.name))
    func solutionPasses(_ name: String) throws {
        let outcome = try #require(try Self.devCheck.get().solutions[name], "\(name)'s solution was not graded")
        #expect(outcome.isPassed, "the solution of \(name) ended \(outcome.label): \(outcome.detail ?? "")")
    }

    @Test("workbook dev check finds nothing wrong")
    func devCheckHolds() throws {
        let report = try Self.devCheck.get()
        #expect(report.problems == [])
    }

    @Test("Each stub opens by naming its exercise and the chapter that teaches it", arguments: ExerciseManifest.all)
    func stubNamesItsChapter(_ exercise: Exercise) throws {
        let stub = try String(contentsOf: Self.workspace.url(exercise.stubPath), encoding: .utf8)
        #expect(stub.hasPrefix("// Exercise \(exercise.name) · chapter \(exercise.chapter) "),
                "\(exercise.stubPath) should open with `// Exercise \(exercise.name) · chapter \(exercise.chapter)`, as the exercise list says")
    }
}
