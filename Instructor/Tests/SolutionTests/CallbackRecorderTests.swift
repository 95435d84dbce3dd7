import ExerciseChecks
import OpenCombineShim
import Testing

/// A sink's closures are judged by the same auditor as every other signal: `Trace`, through
/// the hop `CallbackRecorder` puts in front of what it records.
@Suite struct CallbackRecorderTests {
    @Test func aValueAfterTheCompletionBreaksARuleTheTraceNames() throws {
        let recorder = CallbackRecorder<Int, Never>(culprit: "your sink")
        _ = recorder.receiveValue(1)
        recorder.receiveCompletion(.finished)
        _ = recorder.receiveValue(2)
        let failure = try #require(throws: CheckFailure.self) { try recorder.audit() }
        #expect(failure.rule != nil)
        #expect(failure.message.contains("your sink"), "the message names the culprit: \(failure.message)")
        #expect(recorder.values == [1], "what came after the completion is not passed on")
    }

    @Test func aSecondCompletionBreaksARule() throws {
        let recorder = CallbackRecorder<Int, Never>(culprit: "your sink")
        recorder.receiveCompletion(.finished)
        recorder.receiveCompletion(.finished)
        let failure = try #require(throws: CheckFailure.self) { try recorder.audit() }
        #expect(failure.rule != nil)
    }

    @Test func valuesThenOneCompletionBreakNothing() throws {
        let recorder = CallbackRecorder<Int, Never>(culprit: "your sink") { $0 != 2 }
        #expect(recorder.receiveValue(1))
        #expect(!recorder.receiveValue(2), "receiveValue answers with the script")
        recorder.receiveCompletion(.finished)
        try recorder.audit()
        #expect(recorder.values == [1, 2])
    }
}
