// Exercise DemandTest · chapter 11-testing-demand (`swift run workbook read 11`)
//
// This time you write the test. `DemandTest.problems(in:)` is handed a way to make a
// countdown publisher (`makeCountdown(5)` should send 5, 4, 3, 2, 1, then `.finished`,
// honouring demand like the chapter's Fibonacci publisher) and returns what is wrong with
// it, one sentence per problem; an empty array means the countdown behaved.
//
// The check runs your test against a correct countdown, which it must pass, and against
// broken ones, each of which it must catch:
//   - one that sends more values than were requested;
//   - one that never sends `.finished`;
//   - one that keeps sending after it was cancelled.
//
// Drive the countdown with a subscriber of your own (ask for a little, then more, then
// cancel) and compare what arrived with what should have. `Trace`, from BackpressureTrace, can
// do the bookkeeping: `makeCountdown(5).traced("countdown", into: trace)`, then `trace.violations`.
//
// Check your work:  swift run workbook check DemandTest
// Stuck?            swift run workbook hint DemandTest
// Keep the declarations `public`: the check uses them from another module.

import BackpressureTrace
import OpenCombineShim

public enum DemandTest {
    public static func problems(in makeCountdown: @escaping (Int) -> AnyPublisher<Int, Never>) -> [String] {
        // TODO: subscribe, ask for a little, then more, cancel, and say what went wrong.
        []
    }
}
