import ArgumentParser
import ExerciseCatalog
import CProcessControl
import Foundation
import LearnerTools
import WorkbookBasics

struct Reset: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Put an exercise's stub back as it was, discarding your changes.",
        discussion: "Asks first, unless --yes is given. The hints you have seen for it are forgotten too."
    )

    @Argument(help: "The exercise, e.g. MyAssign.", completion: .list(ExerciseManifest.all.map(\.name)))
    var exercise: String

    @Flag(name: .shortAndLong, help: "Reset without asking.")
    var yes = false

    mutating func run() throws {
        let exercise = try ExerciseLookup.exercise(named: exercise)
        let workspace = try ExerciseWorkspace.locate()
        if workspace.state(of: exercise) == .missing {
            try workspace.reset(exercise)
            print("\(exercise.filePath) was missing: it is the untouched stub again.")
            return
        }
        if workspace.state(of: exercise) == .untouched {
            print("\(exercise.filePath) is already the untouched stub.")
            return
        }
        if !yes {
            guard isatty(STDIN_FILENO) != 0 else {
                throw WorkbookError("resetting \(exercise.filePath) discards your changes: add --yes to do it without asking")
            }
            print("Reset \(exercise.filePath)? (Your version is kept in \(exercise.backupPath).) [y/N] ", terminator: "")
            workbook_flush_standard_output() // The question has no newline; show it before waiting for the answer.
            guard let answer = readLine()?.lowercased(), ["y", "yes"].contains(answer) else {
                print("Nothing changed.")
                return
            }
        }
        let backup = try workspace.reset(exercise)
        var hints = HintProgress(workspace: workspace)
        try hints.forget(exercise)
        print("\(exercise.filePath) is the untouched stub again.")
        if let backup { print("Your version is saved in \(backup) (only the newest is kept).") }
    }
}
