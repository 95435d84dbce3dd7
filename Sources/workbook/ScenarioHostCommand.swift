import ArgumentParser
import BookRunner

/// The hidden command `workbook run`, and the web program's `export`, start in a child
/// process to run scenarios, so that one that traps or hangs takes down only this process.
/// Not for people: see ``ScenarioHost``.
struct ScenarioHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: ScenarioRunner.hostCommand,
        abstract: "Run scenarios for `workbook run` (internal).",
        shouldDisplay: false
    )

    @Option(help: "Seconds one scenario may run.")
    var timeLimit: Double = ScenarioRunner.defaultTimeLimit

    @Option(help: "The file each scenario's output is captured in.")
    var captureFile: String

    @Argument(help: "Scenario IDs, such as 03-fibonacci#2.")
    var scenarios: [String]

    mutating func run() throws {
        let ids = try scenarios.map { text in
            guard let id = ScenarioID(text) else { throw ValidationError("'\(text)' is not a scenario ID like 03-fibonacci#2") }
            return id
        }
        ScenarioHost.workbook(timeLimit: timeLimit).run(ids, captureFile: captureFile)
    }
}
