import ArgumentParser
import Foundation

/// `workbook-bench report RESULTS --page PAGE`: writes the figures of a measurement's JSON
/// between the page's two marker lines, or with `--check` says whether they are already
/// there, so that docs/performance.md shows exactly what the committed JSON holds.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Make the performance page's figures from the JSON of `workbook-bench --json`.",
        discussion: """
            Without --page, prints the figures as Markdown. With --page, replaces the lines \
            between the page's markers (\(PerformancePage.beginMarker) and \
            \(PerformancePage.endMarker)) with them.
            """)

    @Argument(help: "The JSON that `workbook-bench --json` wrote.")
    var results: String

    @Option(help: "The Markdown page whose figures to replace, in place.")
    var page: String?

    @Flag(help: "Change nothing; fail if the page's figures are not what the results give.")
    var check = false

    func validate() throws {
        if check && page == nil { throw ValidationError("--check needs --page") }
    }

    func run() throws {
        let report = try BenchReport.read(from: results)
        guard report.setup.configuration == BenchSetup.releaseConfiguration else {
            throw BenchError("\(results): measured in a \(report.setup.configuration) build; take the figures with `swift run -c release workbook-bench`")
        }
        let figures = PerformancePage.figures(of: report)
        guard let page else {
            print(figures)
            return
        }
        guard let data = FileManager.default.contents(atPath: page) else {
            throw BenchError("\(page): cannot read the file")
        }
        let current = String(decoding: data, as: UTF8.self)
        let updated = try PerformancePage.splice(figures, into: current, path: page)
        if check {
            if let line = PerformancePage.firstDifference(between: current, and: updated) {
                throw BenchError("\(page):\(line): the figures are not what \(results) gives; run `swift run workbook-bench report \(results) --page \(page)`")
            }
        } else if updated != current {
            try Data(updated.utf8).write(to: URL(fileURLWithPath: page))
        }
    }
}
