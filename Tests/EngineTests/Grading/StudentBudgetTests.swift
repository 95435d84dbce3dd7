import Foundation
import Testing
@testable import ChildProcesses
@testable import Grading

@Suite struct StudentBudgetTests {
    @Test func aStepIsGrantedWhatIsLeftAndGivesBackWhatItDidNotUse() {
        let budget = StudentBudget(secondsPerStudent: 100)
        #expect(budget.grant(upTo: 60, to: "ann") == 60)
        budget.finish(granted: 60, used: 5, by: "ann")
        #expect(budget.grant(upTo: 60, to: "ann") == 60)
        budget.finish(granted: 60, used: 60, by: "ann")
        #expect(budget.grant(upTo: 60, to: "ann") == 35, "what is left, when nothing else of hers runs")
        #expect(budget.grant(upTo: 60, to: "bob") == 60, "each student has a budget of their own")
    }

    /// A remainder is not granted while the student's other steps may still give back: what
    /// a file gets must not depend on which of its student's files compile beside it.
    @Test func aStepWaitsForItsFullLimitWhileOthersOfItsStudentRun() {
        let budget = StudentBudget(secondsPerStudent: 100)
        #expect(budget.grant(upTo: 60, to: "ann") == 60)
        let waiting = Pending { budget.grant(upTo: 60, to: "ann") }
        usleep(100_000)
        #expect(waiting.ready == nil, "granted the 40 s remainder while 60 s were still held")
        budget.finish(granted: 60, used: 3, by: "ann")
        #expect(waiting.wait() == 60)
    }

    @Test func aSpentBudgetCompilesNothingMore() {
        let budget = StudentBudget(secondsPerStudent: 10)
        let granted = budget.grant(upTo: 60, to: "ann")
        budget.finish(granted: granted ?? 0, used: 10, by: "ann")
        #expect(budget.grant(upTo: 60, to: "ann") == nil)
    }

    /// With several files of one student compiling at once, a step whose budget is all held
    /// by running steps waits for what they give back instead of being refused.
    @Test func aStepWaitsForWhatRunningStepsGiveBack() async throws {
        let budget = StudentBudget(secondsPerStudent: 60)
        #expect(budget.grant(upTo: 60, to: "ann") == 60)
        let waiting = Pending { budget.grant(upTo: 60, to: "ann") }
        usleep(100_000)
        #expect(waiting.ready == nil, "granted while the whole budget was held")
        budget.finish(granted: 60, used: 2, by: "ann")
        #expect(waiting.wait() == 58)
    }
}
