import ArgumentParser
import Foundation

/// Measures every case and prints the table (`workbook-bench` with no subcommand).
///
/// It reports ratios rather than absolute times because these machines are shared and
/// noisy: a neighbour slows ours and the baseline alike, and the ratio survives.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure each case against its baseline and print the table (the default).")

    @Option(help: "Runs per case; the median is reported.")
    var runs = 11

    @Option(help: "Divide every workload by this (2 or 10 for a quick look).")
    var scale = 1

    @Option(help: "Also write the results as JSON to this file (what `workbook-bench report` reads).")
    var json: String?

    @Option(help: "Only run the cases whose name contains this text (and skip pace and scenarios).")
    var filter: String?

    @Flag(help: "Skip the real-time pace measurement (about 2 s).")
    var skipPace = false

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        guard (1...100).contains(scale) else { throw ValidationError("--scale must be from 1 to 100") }
    }

    func run() throws {
        #if DEBUG
        print("note: this is a debug build; run `swift run -c release workbook-bench` for real figures\n")
        #endif
        // Before measuring: the load average is the machine's as the measurement began.
        let setup = BenchSetup.current(arguments: Array(CommandLine.arguments.dropFirst()))
        let matches = { (benchmark: BenchmarkCase) in filter.map(benchmark.name.contains) ?? true }
        let measure = { (benchmark: BenchmarkCase) -> BenchmarkResult in
            let result = benchmark.measure(runs: runs)
            FileHandle.standardError.write(Data("measured \(result.name)\n".utf8))
            return result
        }
        let results = ThroughputCases.all(scale: scale).filter(matches).map(measure)
        let prices = (HopCost.all(scale: scale) + TraceCost.all(scale: scale)).filter(matches).map(measure)
        let everything = filter == nil
        let pace = skipPace || !everything ? nil : PaceAccuracy.measure()
        let scenarios = everything
            ? try ScenarioThroughput.workbookExecutable.map { try ScenarioThroughput.measure(workbook: $0, runs: 3) }
            : nil

        let report = BenchReport(
            setup: setup,
            results: results, prices: prices, pace: pace, scenarios: scenarios)
        print(report.table)
        if let json {
            try report.json().write(to: URL(fileURLWithPath: json))
        }
    }
}
