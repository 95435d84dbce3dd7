import ArgumentParser
import ExerciseChecks
import Workbook

/// Commands for the workbook's maintainers.
struct Dev: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "For maintainers: validate the exercises.",
        subcommands: [DevCheckCommand.self]
    )
}

struct DevCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate every exercise: stubs fail, solutions pass, hints, chapters, stray files, unique names.",
        discussion: "Exits non-zero, listing each problem, unless everything holds. CI runs it."
    )

    @Option(help: "Seconds one exercise's check may run before it counts as timed out.")
    var timeLimit: Double = Grader.defaultTimeLimit

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locate()
        let report = try DevCheck(workspace: workspace, grader: Grader(workspace: workspace, timeLimit: timeLimit, log: logProgress)).run()
        for line in report.problems { print("✘ \(line)") }
        for line in report.checked { print("✔ \(line)") }
        if !report.problems.isEmpty {
            print("\(report.problems.count) problem\(report.problems.count == 1 ? "" : "s") found.")
            throw ExitCode.failure
        }
    }

    func validate() throws {
        if !(timeLimit.isFinite && timeLimit > 0) { throw ValidationError("--time-limit must be a number of seconds more than 0") }
    }
}
