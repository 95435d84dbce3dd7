import ArgumentParser
import ChildProcesses
import SharedCommands
import WorkbookBasics

/// The instructor's and the maintainer's program: `workbook grade`, `workbook similarity` and
/// `workbook dev` hand their arguments to it (`SiblingProgram`, in the `workbook` command).
/// It is a program of its own so that a class's grading, the similarity report and the
/// maintainer's tools are compiled when they are first used, not in the learner's first
/// `swift run workbook`.
@main
enum WorkbookInstructorMain {
    static func main() {
        LiveChildren.killAllOnInterrupt()
        WorkbookInstructorCommand.main()
    }
}

struct WorkbookInstructorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        // What the instructor typed: `workbook grade --submissions DIR`, `workbook dev check`.
        commandName: "workbook",
        abstract: "Grade a class, compare its files, and maintain the workbook.",
        version: WorkbookVersion.current,
        subcommands: [Grade.self, SimilarityCommand.self, Dev.self]
    )
}
