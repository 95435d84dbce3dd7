import ArgumentParser

/// `swift run -c release workbook-bench`: our implementations against OpenCombine's (or
/// Combine's) own nearest operator, measured in the same process and run; and
/// `workbook-bench report`, which turns a measurement's JSON into docs/performance.md's figures.
@main
struct WorkbookBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbook-bench",
        abstract: "Benchmark the Backpressure library against Combine's built-in operators.",
        subcommands: [MeasureCommand.self, ReportCommand.self],
        defaultSubcommand: MeasureCommand.self)
}
