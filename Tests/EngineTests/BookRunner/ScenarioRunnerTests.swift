import Testing
@testable import selftest_host
@testable import BookRunner
import WorkbookTestSupport

/// Runs the test-only scenario host (Tests/SelfTestHost) on scenarios that misbehave on purpose.
@Suite(.tags(.slow), .slow, .offThePool) struct ScenarioRunnerTests {
    let runner = ScenarioRunner(executable: BuiltWorkbook.selfTestHost, timeLimit: 1)

    @Test func capturesEverythingAScenarioPrints() {
        let outcomes = runner.run([SelfTest.prints])
        #expect(outcomes[SelfTest.prints] == .finished(output: "self-test: first line\nself-test: second line\n"))
    }

    @Test func reportsACrashWithItsMessageAndRunsTheRest() throws {
        let outcomes = runner.run([SelfTest.prints, SelfTest.crashes, SelfTest.prints])
        guard case .crashed(let message, let output)? = outcomes[SelfTest.crashes] else {
            Issue.record("expected a crash, got \(String(describing: outcomes[SelfTest.crashes]))")
            return
        }
        #expect(message.contains("Fatal error: \(SelfTest.crashMessage)"))
        #expect(output == "self-test: about to trap\n")
        #expect(outcomes[SelfTest.prints] == .finished(output: "self-test: first line\nself-test: second line\n"))
    }

    @Test func stopsAHungScenarioAndRunsTheRest() async throws {
        let scenarios = [SelfTest.hangs, SelfTest.prints], runner = runner
        let outcomes = try await offThePool { runner.run(scenarios) }
        #expect(outcomes[SelfTest.hangs] == .timedOut(output: "self-test: about to hang\n"))
        #expect(outcomes[SelfTest.prints] == .finished(output: "self-test: first line\nself-test: second line\n"))
    }

    @Test func outputPrintedAfterAScenarioEndedDoesNotFailTheNextOne() async throws {
        let expected = [SelfTest.printsLate: "self-test: leaving a thread behind\n", SelfTest.takesAWhile: "self-test: waiting\nself-test: done\n"]
        let runner = ScenarioRunner(executable: BuiltWorkbook.selfTestHost, timeLimit: 10)
        let together = try await offThePool { runner.run([SelfTest.printsLate, SelfTest.takesAWhile]) }
        #expect(together[SelfTest.takesAWhile] == .finished(output: "self-test: waiting\nself-test: late line\nself-test: done\n"),
                "the late line lands in the next scenario's capture when they share a host")
        let confirmed = try await offThePool { runner.run([SelfTest.printsLate, SelfTest.takesAWhile], confirmingMismatchesWith: expected) }
        #expect(confirmed[SelfTest.takesAWhile] == .finished(output: "self-test: waiting\nself-test: done\n"))
        #expect(confirmed[SelfTest.printsLate] == .finished(output: "self-test: leaving a thread behind\n"))
    }

    @Test func reportsAScenarioThatIsNotBuilt() {
        let unknown = ScenarioID(chapter: "99-nothing", number: 1)
        #expect(runner.run([unknown, SelfTest.prints]) == [unknown: .missing, SelfTest.prints: .finished(output: "self-test: first line\nself-test: second line\n")])
    }

    @Test func reportsAHostThatCannotStart() {
        let outcomes = ScenarioRunner(executable: "/no/such/workbook").run([SelfTest.prints])
        #expect(outcomes[SelfTest.prints] == .crashed(message: "the scenario host could not start", output: ""))
    }
}
