import ExerciseChecks
import Testing

/// The learner's side of `swift test`.
///
/// An exercise nobody touched is skipped as "not started". Once its file differs from the
/// pristine stub, its test grades it and fails with the check's message. Every untouched
/// stub must also fail its check, which proves no check passes vacuously.
@Suite("Exercises")
struct ExerciseTests {
    @Test("MyAssign", .enabled(if: isStarted("MyAssign"), "not started"))
    func myAssign() { expectCheckPasses("MyAssign") }

    @Test("BatchSink", .enabled(if: isStarted("BatchSink"), "not started"))
    func batchSink() { expectCheckPasses("BatchSink") }

    @Test("PausingSink", .enabled(if: isStarted("PausingSink"), "not started"))
    func pausingSink() { expectCheckPasses("PausingSink") }

    @Test("PausingSubscriber", .enabled(if: isStarted("PausingSubscriber"), "not started"))
    func pausingSubscriber() { expectCheckPasses("PausingSubscriber") }

    @Test("Countdown", .enabled(if: isStarted("Countdown"), "not started"))
    func countdown() { expectCheckPasses("Countdown") }

    @Test("Chunks", .enabled(if: isStarted("Chunks"), "not started"))
    func chunks() { expectCheckPasses("Chunks") }

    @Test("MyMerge", .enabled(if: isStarted("MyMerge"), "not started"))
    func myMerge() { expectCheckPasses("MyMerge") }

    @Test("RefCountReplay", .enabled(if: isStarted("RefCountReplay"), "not started"))
    func refCountReplay() { expectCheckPasses("RefCountReplay") }

    @Test("RateLimit", .enabled(if: isStarted("RateLimit"), "not started"))
    func rateLimit() { expectCheckPasses("RateLimit") }


    @Test("An untouched stub fails its check", arguments: untouchedExercises)
    func untouchedStubFails(_ name: String) throws {
        let check = try #require(ExerciseCheck.named(name))
        let report = try #require(check.run(timeLimit: ExerciseCheck.defaultTimeLimit), "the stub of \(name) hangs: a stub must fail its check, quickly")
        #expect(!report.succeeded, "the stub of \(name) passes its check: the check cannot tell it from a solution")
    }

    @Test("Every exercise in the manifest has a binding and a grading test here")
    func everyExerciseIsGraded() throws {
        #expect(ExerciseCheck.all.map(\.exercise) == ExerciseManifest.all.map(\.name))
        // One `@Test` per exercise is what lets an untouched one show as skipped; a missing
        // one would leave that exercise ungraded without anyone noticing.
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        for exercise in ExerciseManifest.all {
            #expect(source.contains("expectCheckPasses(\"\(exercise.name)\")"), "no grading test for \(exercise.name) in \(#fileID)")
        }
    }
}

private func isStarted(_ name: String) -> Bool {
    ExerciseManifest.named(name).map { ExerciseWorkspace.current.state(of: $0) != .untouched } ?? true
}

private let untouchedExercises: [String] = ExerciseManifest.all
    .filter { ExerciseWorkspace.current.state(of: $0) == .untouched }
    .map(\.name)
