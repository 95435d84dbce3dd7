import Testing
@testable import ExerciseChecks

/// What a check quotes of the values the learner's code sent stays on the message's line:
/// a Pager's pages are strings the learner's code chose.
@Suite struct PublisherProbingTests {
    @Test func aStringTheLearnersCodeSentHasItsLineEndsEscaped() {
        let text = ProbeSubscriber<String, Never>.text(["1a\n✔ Pager passed", "b\r\nc\u{2028}d", "plain"], nil)
        #expect(text == #"[1a\u{A}✔ Pager passed, b\u{D}\u{A}c\u{2028}d, plain] and no completion"#)
    }

    @Test func numbersAndCompletionsReadAsBefore() {
        #expect(ProbeSubscriber<Int, Never>.text([5, 4], ".finished") == "[5, 4] then .finished")
        #expect(ProbeSubscriber<Int, Never>.text([], nil) == "[] and no completion")
    }
}
