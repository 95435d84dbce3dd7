import Foundation
import Testing
@testable import BookRunner
import WorkbookTestSupport

/// What a macOS job shows of the scenarios that print something else on Apple's Combine.
@Suite(.offThePool) struct GitHubRunSummaryTests {
    func result(_ number: Int, line: Int, heading: String? = nil, expected: String, _ outcome: ScenarioOutcome) -> ScenarioResult {
        ScenarioResult(id: ScenarioID(chapter: "01-demand", number: number), chapterPath: "Chapters/01-demand.md", line: line,
                       heading: heading, expectedOutput: expected, outcome: outcome)
    }

    var results: [ScenarioResult] {
        [
            result(1, line: 10, expected: "a\n", .finished(output: "a\n")),
            result(2, line: 49, heading: "Watching | the handshake", expected: "same\nrequest max: (2)\nafter\n", .finished(output: "same\nrequest max: (1)\n<extra>\nafter\n")),
            result(3, line: 80, expected: "a\nb\n", .finished(output: "a\n")),
            result(4, line: 120, expected: "", .crashed(message: "Fatal error: 50% done\nmore", output: "")),
        ]
    }

    @Test func theSummaryTablesEachScenarioThatDidNotPassWithItsChapterLineAndFirstDifference() {
        let markdown = GitHubRunSummary(results: results, combine: "Apple's Combine").markdown
        #expect(markdown == """
            ### Scenarios on Apple's Combine

            3 of 4 scenarios did not print what their chapters say:

            | Chapter line | Scenario | Result | First difference |
            |---|---|---|---|
            | `Chapters/01-demand.md:49` | 01-demand#2 Watching \\| the handshake | FAIL | expected <code>request max: (2)</code>, printed <code>request max: (1)</code> |
            | `Chapters/01-demand.md:80` | 01-demand#3 | FAIL | expected <code>b</code>, printed (nothing) |
            | `Chapters/01-demand.md:120` | 01-demand#4 | CRASHED | Fatal error: 50% done |


            """)
    }

    @Test func aBookThatPassesSaysSo() {
        let markdown = GitHubRunSummary(results: [results[0]], combine: "OpenCombine").markdown
        #expect(markdown == "### Scenarios on OpenCombine\n\nThe 1 scenario prints what its chapter says.\n\n")
        #expect(GitHubRunSummary(results: [results[0], results[0]], combine: "OpenCombine").markdown.contains("All 2 scenarios print what their chapters say."))
        #expect(GitHubRunSummary(results: [results[0]]).annotations.isEmpty)
    }

    @Test func eachScenarioThatDidNotPassIsAnErrorOnItsChapterLine() {
        let annotations = GitHubRunSummary(results: results, combine: "Apple's Combine").annotations
        #expect(annotations == [
            "::error file=Chapters/01-demand.md,line=49,title=Scenario 01-demand#2 FAIL on Apple's Combine::Watching | the handshake: first differing line%0Aexpected: request max: (2)%0Aprinted:  request max: (1)",
            "::error file=Chapters/01-demand.md,line=80,title=Scenario 01-demand#3 FAIL on Apple's Combine::first differing line%0Aexpected: b%0Aprinted:  (nothing)",
            "::error file=Chapters/01-demand.md,line=120,title=Scenario 01-demand#4 CRASHED on Apple's Combine::Fatal error: 50%25 done",
        ])
        #expect(GitHubRunSummary.property("a:b,c%") == "a%3Ab%2Cc%25")
    }

    @Test func workbookRunOnGitHubActionsWritesTheSummary() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try BuiltWorkbook.run(["run", "1", "--color", "never"], environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": file.path])
        #expect(result.succeeded, "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("::error"))
        let summary = try String(contentsOf: file, encoding: .utf8)
        #expect(summary.hasPrefix("### Scenarios on \(GitHubRunSummary.combineInUse)\n\nAll ") && summary.contains(" print what their chapters say."), "\(summary)")
    }

    @Test func theSummaryIsAppendedOnlyOnGitHubActions() throws {
        #expect(GitHubActions(environment: ["GITHUB_STEP_SUMMARY": "/tmp/x"]) == nil)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("earlier step\n".utf8).write(to: file)
        let github = try #require(GitHubActions(environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": file.path]))
        try github.appendToSummary("### mine\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == "earlier step\n### mine\n")
        let nowhere = try #require(GitHubActions(environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": "/no/such/folder/summary.md"]))
        #expect(throws: (any Error).self) { try nowhere.appendToSummary("x") }
    }
}
