import ArgumentParser
import ExerciseChecks
import Foundation
import Workbook

struct Reset: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Put an exercise's stub back as it was, discarding your changes.",
        discussion: "Asks first, unless --yes is given. The hints you have seen for it are forgotten too."
    )

    @Argument(help: "The exercise, e.g. MyAssign.")
    var exercise: String

    @Flag(name: .shortAndLong, help: "Reset without asking.")
    var yes = false

    mutating func run() throws {
        let exercise = try ExerciseLookup.exercise(named: exercise)
        let workspace = try ExerciseWorkspace.locate()
        if workspace.state(of: exercise) == .untouched {
            print("\(exercise.stubPath) is already the untouched stub.")
            return
        }
        if !yes {
            guard isatty(STDIN_FILENO) != 0 else {
                throw ExerciseError("resetting \(exercise.stubPath) discards your changes: add --yes to do it without asking")
            }
            print("Reset \(exercise.stubPath)? Your changes to it will be lost. [y/N] ", terminator: "")
            fflush(stdout) // The question has no newline; show it before waiting for the answer.
            guard let answer = readLine()?.lowercased(), ["y", "yes"].contains(answer) else {
                print("Nothing changed.")
                return
            }
        }
        try workspace.reset(exercise)
        var hints = HintProgress(workspace: workspace)
        try hints.forget(exercise)
        print("\(exercise.stubPath) is the untouched stub again.")
    }
}
