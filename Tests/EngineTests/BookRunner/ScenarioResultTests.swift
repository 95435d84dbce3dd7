import Testing
@testable import BookRunner
@testable import TerminalUI

@Suite struct ScenarioResultTests {
    func result(expected: String, _ outcome: ScenarioOutcome) -> ScenarioResult {
        ScenarioResult(id: ScenarioID(chapter: "01-demand", number: 1), chapterPath: "Chapters/01-demand.md", line: 10, heading: nil, expectedOutput: expected, outcome: outcome)
    }

    @Test func passesWhenTheNormalisedOutputsMatch() {
        #expect(result(expected: "a\nb\n", .finished(output: "a  \np: request max: (0) (synchronous)\nb\n\n")).status == .passed)
    }

    @Test func failsWithADiffOtherwise() {
        #expect(result(expected: "a\nb\n", .finished(output: "a\nc\n")).status == .failed(LineDiff(expected: "a\nb\n", actual: "a\nc\n")))
    }

    @Test func carriesCrashesAndTimeoutsThrough() {
        #expect(result(expected: "", .crashed(message: "Fatal error: x", output: "")).status == .crashed(message: "Fatal error: x"))
        #expect(result(expected: "", .timedOut(output: "")).status == .timedOut)
        #expect(result(expected: "", .missing).status == .missing)
        #expect(!result(expected: "", .missing).passed)
    }

    @Test func reportsALinePerScenarioDetailsAndASummary() {
        let results = [
            result(expected: "a\n", .finished(output: "a\n")),
            result(expected: "a\n", .finished(output: "b\n")),
            result(expected: "", .crashed(message: "Fatal error: x", output: "before\n")),
        ]
        let report = RunReport(results: results, isVerbose: false, terminal: Terminal(usesColor: false, width: 80))
        #expect(!report.allPassed)
        #expect(report.text == """
            pass     01-demand#1  Chapters/01-demand.md:10
            FAIL     01-demand#1  Chapters/01-demand.md:10
                  expected (-) and printed (+):
                  - a
                  + b
            CRASHED  01-demand#1  Chapters/01-demand.md:10
                  Fatal error: x
                  printed:
                    before

            3 scenarios: 1 passed, 1 failed, 1 crashed

            """)
    }

    /// The longest labels keep a gap before the id (`NOT COMPILED01-demand#1` was one word).
    @Test func theLongestLabelIsSeparatedFromTheScenario() {
        let results = [result(expected: "a\n", .finished(output: "a\n")), result(expected: "", .timedOut(output: ""))]
        let report = RunReport(results: results, isVerbose: false, terminal: Terminal(usesColor: false, width: 80))
        let lines = report.text.split(separator: "\n")
        #expect(lines.first == "pass       01-demand#1  Chapters/01-demand.md:10")
        #expect(lines.contains("TIMED OUT  01-demand#1  Chapters/01-demand.md:10"), "\(report.text)")
    }
}
