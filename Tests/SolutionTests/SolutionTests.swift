import ExerciseChecks
import Foundation
import Testing

/// The reference solutions pass every check, and every exercise in the manifest has all
/// its parts. Compiled with SOLUTIONS, so the shared bindings bind the `Solutions` module.
@Suite("Solutions")
struct SolutionTests {
    @Test("The reference solution passes its check", arguments: ExerciseManifest.all.map(\.name))
    func solutionPasses(_ name: String) {
        expectCheckPasses(name)
    }

    @Test("Each exercise has a stub, a pristine copy, a solution and a binding", arguments: ExerciseManifest.all)
    func exerciseHasAllItsFiles(_ exercise: Exercise) {
        for path in [exercise.stubPath, exercise.pristinePath, exercise.solutionPath, exercise.bindingPath] {
            #expect(FileManager.default.fileExists(atPath: ExerciseWorkspace.current.url(path).path), "\(exercise.name): \(path) is missing")
        }
    }
}
