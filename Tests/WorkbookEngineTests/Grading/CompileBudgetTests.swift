import Foundation
import Testing
@testable import WorkbookEngine

@Suite struct CompileBudgetTests {
    @Test func aStepIsGrantedWhatIsLeftAndGivesBackWhatItDidNotUse() {
        let budget = CompileBudget(secondsPerStudent: 100)
        #expect(budget.grant(upTo: 60, to: "ann") == 60)
        #expect(budget.grant(upTo: 60, to: "ann") == 40)
        budget.finish(granted: 60, used: 5, by: "ann")
        budget.finish(granted: 40, used: 40, by: "ann")
        #expect(budget.grant(upTo: 60, to: "ann") == 55)
        #expect(budget.grant(upTo: 60, to: "bob") == 60, "each student has a budget of their own")
    }

    @Test func aSpentBudgetCompilesNothingMore() {
        let budget = CompileBudget(secondsPerStudent: 10)
        let granted = budget.grant(upTo: 60, to: "ann")
        budget.finish(granted: granted ?? 0, used: 10, by: "ann")
        #expect(budget.grant(upTo: 60, to: "ann") == nil)
    }

    /// With several files of one student compiling at once, a step whose budget is all held
    /// by running steps waits for what they give back instead of being refused.
    @Test func aStepWaitsForWhatRunningStepsGiveBack() async throws {
        let budget = CompileBudget(secondsPerStudent: 60)
        #expect(budget.grant(upTo: 60, to: "ann") == 60)
        let waiting = Pending { budget.grant(upTo: 60, to: "ann") }
        usleep(100_000)
        #expect(waiting.ready == nil, "granted while the whole budget was held")
        budget.finish(granted: 60, used: 2, by: "ann")
        #expect(waiting.wait() == 58)
    }
}
