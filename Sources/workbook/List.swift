import ArgumentParser
import ChapterModel
import ExerciseChecks
import Workbook

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the chapters (numbers, slugs, scenario counts) and the exercises with their state.")

    @OptionGroup var options: TerminalOptions

    mutating func run() throws {
        let root = try PackageRoot.locate()
        let book = try Book.load(packageRoot: root)
        print(ChapterList(book: book, terminal: options.terminal).text, terminator: "")
        let exercises = ExerciseList(workspace: ExerciseWorkspace(root: root)).lines
        print("\n" + exercises.map { options.terminal.render($0) + "\n" }.joined(), terminator: "")
    }
}
