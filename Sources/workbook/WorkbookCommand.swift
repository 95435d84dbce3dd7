import ArgumentParser

/// The `workbook` command: read chapters, run their scenarios, and check exercises.
///
/// Each subcommand is a small type in its own file; this one only lists them.
@main
struct WorkbookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbook",
        abstract: "Learn Combine backpressure: read chapters, run scenarios, solve exercises.",
        subcommands: [
            List.self, Read.self, Run.self,
            Check.self, Hint.self, Reset.self, Watch.self, Grade.self,
        ]
    )

    mutating func run() throws {
        print("workbook: run `workbook list` to see the chapters")
    }
}
