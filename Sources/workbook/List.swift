import ArgumentParser
import SharedCommands
import ChapterModel
import ExerciseCatalog
import BookRunner
import LearnerTools

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the chapters (numbers, slugs, scenario counts) and the exercises with their state.")

    @OptionGroup var options: TerminalOptions

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locateLayingOutExercises()
        let book = try Book.load(packageRoot: workspace.root)
        print(ChapterList(book: book, terminal: options.terminal).text, terminator: "")
        let exercises = ExerciseList(workspace: workspace).lines
        print("\n" + exercises.map { options.terminal.render($0) + "\n" }.joined(), terminator: "")
    }
}
