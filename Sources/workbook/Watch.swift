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
        if let summary = check(ExerciseManifest.all, in: workspace) {
            print(summary.text, terminator: "")
            for result in summary.results { standing[result.exercise.name] = result }
        }
        while true {
            Thread.sleep(forTimeInterval: interval)
            let changed = watcher.changes()
            guard !changed.isEmpty, var summary = check(changed, in: workspace) else { continue }
            // Saved again while it was checked: the next look checks what is there now.
            guard watcher.isAsSeen(changed) else { continue }
            for result in summary.results { standing[result.exercise.name] = result }
            summary.standing = ExerciseManifest.all.compactMap { standing[$0.name] }
            print("\n\(changed.map(\.filePath).joined(separator: ", ")) changed:")
            print(summary.text, terminator: "")
        }
    }

    func validate() throws {
        if !(interval.isFinite && interval > 0) { throw ValidationError("--interval must be a number of seconds more than 0") }
    }

    /// Checks `exercises`; a grading error is printed, and watching goes on.
    private func check(_ exercises: [Exercise], in workspace: ExerciseWorkspace) -> CheckSummary? {
        do {
            return try Check.summary(
                of: exercises, in: workspace, policy: GradingPolicy(checkSeconds: timeLimit.seconds(or: GradingPolicy().checkSeconds)), terminal: options.terminal, gradeUntouched: false)
        } catch {
            print("error: \(error)")
            return nil
        }
    }
}
