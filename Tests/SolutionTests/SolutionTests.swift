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

    @Test("Each stub opens by naming its exercise and the chapter that teaches it", arguments: ExerciseManifest.all)
    func stubNamesItsChapter(_ exercise: Exercise) throws {
        let pristine = try String(contentsOf: ExerciseWorkspace.current.url(exercise.pristinePath), encoding: .utf8)
        #expect(pristine.hasPrefix("// Exercise \(exercise.name) · chapter \(exercise.chapter) "),
                "\(exercise.pristinePath) should open with `// Exercise \(exercise.name) · chapter \(exercise.chapter)`, as the manifest says")
    }

    /// Maintainers' CI runs on a fresh clone, where every exercise must be untouched: a stub
    /// edited without its pristine copy (or the reverse) would otherwise be graded as a
    /// learner's work, and a stub that was committed solved would hide its exercise.
    @Test("In CI, every exercise file is its pristine stub", .enabled(if: ProcessInfo.processInfo.environment["CI"] != nil))
    func stubsArePristineInCI() {
        for exercise in ExerciseManifest.all {
            #expect(ExerciseWorkspace.current.state(of: exercise) == .untouched,
                    "\(exercise.stubPath) differs from \(exercise.pristinePath): change both together")
        }
    }

    @Test("Each exercise has a stub, a pristine copy, a solution and a binding", arguments: ExerciseManifest.all)
    func exerciseHasAllItsFiles(_ exercise: Exercise) {
        for path in [exercise.stubPath, exercise.pristinePath, exercise.solutionPath, exercise.bindingPath] {
            #expect(FileManager.default.fileExists(atPath: ExerciseWorkspace.current.url(path).path), "\(exercise.name): \(path) is missing")
        }
    }
}
