import ArgumentParser
import ChildProcesses
import SharedCommands
import WorkbookBasics

/// The web book's program: `workbook serve` and `workbook export` hand their arguments to
/// it (`SiblingProgram`, in the `workbook` command). It is a program of its own so that the
/// web book's server and site are compiled when they are first used, not in the learner's
/// first `swift run workbook`.
@main
enum WorkbookWebMain {
    static func main() {
        LiveChildren.killAllOnInterrupt()
        WorkbookWebCommand.main()
    }
}

struct WorkbookWebCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        // What the learner typed: `workbook serve`, `workbook export html DIR`.
        commandName: "workbook",
        abstract: "The web book: serve it with every scenario runnable, or export it as a static site.",
        version: WorkbookVersion.current,
        subcommands: [Serve.self, Export.self]
    )
}
