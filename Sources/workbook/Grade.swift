import ArgumentParser
import ExerciseChecks
import Foundation
import Workbook

struct Grade: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Grade every exercise, for instructors: a table, and optionally JSON or JUnit.",
        discussion: """
            Each exercise is one of: not started, passed, failed (with the check's first \
            message), does not compile (with the first compiler error), crashed (with the \
            trap's message or the signal) or timed out. Exercises are built and run \
            separately, so one broken exercise never hides the others. Exits 0 whenever \
            grading itself worked, whatever the grades.
            """
    )

    @Option(name: .customLong("json"), help: ArgumentHelp("Also write the results as JSON to this file.", valueName: "file"))
    var jsonFile: String?

    @Option(name: .customLong("junit"), help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "file"))
    var junitFile: String?

    @Option(help: "Seconds one exercise's check may run before it counts as timed out.")
    var timeLimit: Double = Grader.defaultTimeLimit

    @OptionGroup var options: TerminalOptions

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locate()
        let results = try Grader(workspace: workspace, timeLimit: timeLimit, log: logProgress).grade(ExerciseManifest.all)
        print(GradeTable(results: results, terminal: options.terminal).text, terminator: "")
        if let jsonFile { try write(try GradeExport.json(results), to: jsonFile) }
        if let junitFile { try write(GradeExport.junit(results), to: junitFile) }
    }

    func validate() throws {
        if timeLimit <= 0 { throw ValidationError("--time-limit must be more than 0 seconds") }
    }

    private func write(_ data: Data, to path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw ExerciseError("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
