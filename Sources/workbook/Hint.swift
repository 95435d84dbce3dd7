import ArgumentParser
import SharedCommands
import ExerciseCatalog
import LearnerTools
import TerminalUI

struct Hint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the next hint for an exercise.",
        discussion: "Hints go from a nudge to almost the answer; each call shows the next one. Progress is kept in .workbook/."
    )

    @Argument(help: "The exercise, e.g. MyAssign.", completion: .list(ExerciseManifest.all.map(\.name)))
    var exercise: String

    @OptionGroup var options: TerminalOptions

    mutating func run() throws {
        let exercise = try ExerciseLookup.exercise(named: exercise)
        var progress = HintProgress(workspace: try ExerciseWorkspace.locateLayingOutExercises())
        let hint = try progress.next(for: exercise)
        print(HintText(exercise: exercise, number: hint.number, hint: hint.text, terminal: options.terminal).text, terminator: "")
    }
}
