import ArgumentParser
import SharedCommands
import ExerciseCatalog
import CProcessControl
import Foundation
import Grading
import GradeRecords
import LearnerTools

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check exercises again whenever a file in Exercises/ changes (Ctrl-C to stop).",
        discussion: "Checks every started exercise once, then polls Exercises/ and checks each exercise whose file changed."
    )

    @Option(help: "Seconds between two looks at Exercises/.")
    var interval: Double = 1

    @OptionGroup var timeLimit: TimeLimitOption

    @OptionGroup var options: TerminalOptions

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locateLayingOutExercises()
        var watcher = ExerciseWatcher(workspace: workspace)
        // Line-buffered even into a pipe (`workbook watch | tee log`): a watcher is stopped,
        // not ended, and must not lose what it printed.
        workbook_line_buffer_standard_output()
        print("Watching Exercises/ (Ctrl-C to stop).")
        var standing: [String: ExerciseResult] = [:]
        switch check(ExerciseManifest.all, in: workspace) {
        case .success(let summary):
            print(summary.text, terminator: "")
            for result in summary.results { standing[result.exercise.name] = result }
        case .failure(let error):
            print("error: \(error)")
        }
        while true {
            Thread.sleep(forTimeInterval: interval)
            let changed = watcher.changes()
            guard !changed.isEmpty else { continue }
            let checked = check(changed, in: workspace)
            // Saved again while it was checked: the next look checks what is there now.
            guard watcher.isAsSeen(changed) else { continue }
            print("\n\(changed.map(\.filePath).joined(separator: ", ")) changed:")
            switch checked {
            case .success(var summary):
                for result in summary.results { standing[result.exercise.name] = result }
                summary.standing = ExerciseManifest.all.compactMap { standing[$0.name] }
                print(summary.text, terminator: "")
            case .failure(let error):
                print("error: \(error)") // A grading error is said, and watching goes on.
            }
        }
    }

    func validate() throws {
        if !(interval.isFinite && interval > 0) { throw ValidationError("--interval must be a number of seconds more than 0") }
    }

    /// Checks `exercises`, or says why they could not be graded (the caller prints it, after
    /// the line that names what changed, and watching goes on).
    private func check(_ exercises: [Exercise], in workspace: ExerciseWorkspace) -> Result<CheckSummary, any Error> {
        Result {
            try Check.summary(
                of: exercises, in: workspace, policy: GradingPolicy(checkSeconds: timeLimit.seconds(or: GradingPolicy().checkSeconds)), terminal: options.terminal, gradeUntouched: false)
        }
    }
}
