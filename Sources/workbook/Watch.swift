import ArgumentParser
import SharedCommands
import ExerciseCatalog
import CProcessControl
import Foundation
import Grading
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
        check(ExerciseManifest.all, in: workspace)
        while true {
            Thread.sleep(forTimeInterval: interval)
            let changed = watcher.changes()
            guard !changed.isEmpty else { continue }
            print("\n\(changed.map(\.filePath).joined(separator: ", ")) changed:")
            check(changed, in: workspace)
        }
    }

    func validate() throws {
        if !(interval.isFinite && interval > 0) { throw ValidationError("--interval must be a number of seconds more than 0") }
    }

    /// Checks and prints; a grading error is printed too, and watching goes on.
    private func check(_ exercises: [Exercise], in workspace: ExerciseWorkspace) {
        do {
            let summary = try Check.summary(
                of: exercises, in: workspace, policy: GradingPolicy(checkSeconds: timeLimit.seconds(or: GradingPolicy().checkSeconds)), terminal: options.terminal, gradeUntouched: false)
            print(summary.text, terminator: "")
        } catch {
            print("error: \(error)")
        }
    }
}
