import Foundation
import Testing
import ChildProcesses
import WorkbookTestSupport

/// docs/performance.md's figures are made by `workbook-bench report` from the committed
/// docs/performance/results.json, never by hand: the page must be what the JSON gives.
@Suite(.offThePool) struct PerformancePageTests {
    static let resultsPath = "docs/performance/results.json"
    static let pagePath = "docs/performance.md"

    @Test func theCommittedPageShowsTheCommittedResults() throws {
        let result = try Self.bench(["report", Self.resultsPath, "--page", Self.pagePath, "--check"])
        #expect(result.succeeded, "\(result.standardError)")
    }

    /// A figure changed in the JSON shows in the report, and the committed page no longer passes.
    @Test func theFiguresComeFromTheResults() throws {
        var results = try Self.committedResults()
        var races = try #require(results["results"] as? [[String: Any]])
        races[0]["oursNanosecondsPerElement"] = 98765.4
        races[0]["ratio"] = 9.87
        results["results"] = races
        let changed = try Self.temporaryFile("results.json", JSONSerialization.data(withJSONObject: results))
        defer { try? FileManager.default.removeItem(at: changed) }
        let name = try #require(races[0]["name"] as? String)

        let report = try Self.bench(["report", changed.path])
        #expect(report.succeeded, "\(report.standardError)")
        #expect(report.standardOutput.contains("| \(name) | "))
        #expect(report.standardOutput.contains("| 98765.4 |"))
        #expect(report.standardOutput.contains("above: \(name) at 9.87×"))

        let check = try Self.bench(["report", changed.path, "--page", Self.pagePath, "--check"])
        #expect(!check.succeeded)
        #expect(check.standardError.contains("\(Self.pagePath):"), "\(check.standardError)")
    }

    /// Writing replaces only what lies between the markers: a page whose figures were edited
    /// by hand comes back as the committed one, prose and all.
    @Test func writingThePageRestoresItsFigures() throws {
        let committed = try String(contentsOf: Self.root.appendingPathComponent(Self.pagePath), encoding: .utf8)
        var lines = committed.components(separatedBy: "\n")
        let firstRow = try #require(lines.firstIndex { $0.hasPrefix("| ") && !$0.hasPrefix("| Case ") })
        lines[firstRow] = "| edited by hand | 1 | 2 | 3 |"
        let page = try Self.temporaryFile("performance.md", Data(lines.joined(separator: "\n").utf8))
        defer { try? FileManager.default.removeItem(at: page) }

        let check = try Self.bench(["report", Self.resultsPath, "--page", page.path, "--check"])
        #expect(check.standardError.contains("\(page.path):\(firstRow + 1): "), "\(check.standardError)")
        let write = try Self.bench(["report", Self.resultsPath, "--page", page.path])
        #expect(write.succeeded, "\(write.standardError)")
        #expect(try String(contentsOf: page, encoding: .utf8) == committed)
    }

    @Test func badInputIsOneLineAndAFailure() throws {
        var debug = try Self.committedResults()
        var setup = try #require(debug["setup"] as? [String: Any])
        setup["configuration"] = "debug"
        debug["setup"] = setup
        let cases: [(file: String, contents: Data, arguments: [String], says: String)] = [
            ("broken.json", Data("{".utf8), [], "not the JSON of `workbook-bench --json`"),
            ("partial.json", Data(#"{"results": []}"#.utf8), [], "no value for setup"),
            ("debug.json", try JSONSerialization.data(withJSONObject: debug), [], "measured in a debug build"),
            ("results.json", try Data(contentsOf: Self.root.appendingPathComponent(Self.resultsPath)),
             ["--page", "README.md"], "README.md: needs the line <!-- begin figures"),
        ]
        for (file, contents, arguments, says) in cases {
            let results = try Self.temporaryFile(file, contents)
            defer { try? FileManager.default.removeItem(at: results) }
            let result = try Self.bench(["report", results.path] + arguments)
            let message = result.standardError.trimmingCharacters(in: .newlines)
            #expect(!result.succeeded)
            #expect(message.contains(says) && !message.contains("\n"), "\(file): \(message)")
            if arguments.isEmpty { #expect(message.contains(results.path), "\(message)") }
        }
    }

    private static let root = BuiltWorkbook.packageRoot

    private static func bench(_ arguments: [String]) throws -> ChildProcess.Result {
        try ChildProcess(BuiltWorkbook.bench, arguments, workingDirectory: root, timeout: 60).run()
    }

    private static func committedResults() throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent(resultsPath))
        return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private static func temporaryFile(_ name: String, _ contents: Data) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)")
        try contents.write(to: file)
        return file
    }
}
