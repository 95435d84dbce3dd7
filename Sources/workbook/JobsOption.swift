import ArgumentParser
import WorkbookEngine

/// `--jobs`, for the commands that compile and check many files.
struct JobsOption: ParsableArguments {
    @Option(
        name: .customLong("jobs"),
        help: ArgumentHelp(
            "How many files compile, and how many checks run, at once (default: \(Grader.defaultJobsAtOnce), one more than this machine's cores).",
            valueName: "n"))
    var count: Int?

    func validate() throws {
        if let count, count < 1 {
            throw ValidationError("--jobs must be a whole number of 1 or more")
        }
    }
}
