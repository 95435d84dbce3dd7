import ArgumentParser
import SharedCommands
import ChapterModel
import ExerciseCatalog
import BookRunner
import ChildProcesses
import LearnerTools
import WorkbookBasics

/// The `workbook` command: read chapters, run their scenarios, and check exercises.
///
/// Each subcommand is a small type in its own file; this one lists them, and on its own
/// says where the learner stands and where to go next.
/// Makes sure no child outlives the workbook, then runs the command.
@main
enum WorkbookMain {
    static func main() {
        LiveChildren.killAllOnInterrupt()
        WorkbookCommand.main(WorkbookCommand.askingHelpOfTheProgram(Array(CommandLine.arguments.dropFirst())))
    }
}

struct WorkbookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbook",
        abstract: "Learn Combine backpressure: read chapters, run scenarios, solve exercises.",
        version: WorkbookVersion.current,
        subcommands: [
            List.self, Read.self, Run.self, Try.self, Serve.self,
            Check.self, Hint.self, Reset.self, Watch.self, Grade.self, SimilarityCommand.self,
            Excerpts.self, Export.self, Dev.self, ScenarioHostCommand.self,
        ]
    )

    /// The commands that hand their arguments to a program of their own (``SiblingProgram``).
    static let handedOn: [any ParsableCommand.Type] = [Serve.self, Export.self, Grade.self, SimilarityCommand.self, Dev.self]

    /// `workbook help grade` as `workbook grade --help`: only the program a command is handed
    /// to knows its options, and `help` would describe the hand-off instead.
    static func askingHelpOfTheProgram(_ arguments: [String]) -> [String] {
        let names = handedOn.compactMap { $0.configuration.commandName }
        guard arguments.count > 1, arguments[0] == "help", names.contains(arguments[1]) else { return arguments }
        return Array(arguments.dropFirst()) + ["--help"]
    }

    @OptionGroup var options: TerminalOptions

    mutating func run() throws {
        let root = try PackageRoot.locate()
        let book = try Book.load(packageRoot: root)
        var overview = Overview.chapters(book, terminal: options.terminal)
        overview.sections.append(ExerciseProgress(workspace: try ExerciseWorkspace.locateLayingOutExercises()).lines)
        print(overview.text, terminator: "")
    }
}
