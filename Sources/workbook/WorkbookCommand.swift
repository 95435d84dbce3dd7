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
        WorkbookCommand.main()
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

    @OptionGroup var options: TerminalOptions

    mutating func run() throws {
        let root = try PackageRoot.locate()
        let book = try Book.load(packageRoot: root)
        var overview = Overview.chapters(book, terminal: options.terminal)
        overview.sections.append(ExerciseProgress(workspace: try ExerciseWorkspace.locateLayingOutExercises()).lines)
        print(overview.text, terminator: "")
    }
}
