import Foundation
@testable import ChildProcesses

/// The `workbook` executable built next to the tests (`swift test` builds every target of
/// the package; see the note on EngineTests in Package.swift), and the package it belongs to.
enum BuiltWorkbook {
    /// Walks up from the tests until a directory holds `workbook`: on Linux the tests are an
    /// executable in the build directory itself; on macOS they are an `.xctest` bundle there,
    /// loaded by a runner that lives elsewhere.
    static let path = builtProgram(named: "workbook")

    /// The test-only scenario host whose scenarios misbehave on purpose (Tests/SelfTestHost).
    static let selfTestHost = builtProgram(named: "selftest-host")

    /// The benchmark, whose `report` subcommand makes docs/performance.md's figures.
    static let bench = builtProgram(named: "workbook-bench")

    private static func builtProgram(named name: String) -> String {
        #if os(macOS)
        let tests = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
        #else
        let tests: URL? = nil
        #endif
        var directory = (tests ?? URL(fileURLWithPath: CurrentExecutable.path)).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return "\(name)-not-found-next-to-the-tests"
    }

    /// The package root, found from this file: Tests/EngineTests/Support/BuiltWorkbook.swift.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `workbook` with `arguments` in the package directory (or in `directory`).
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> ChildProcess.Result {
        var fullEnvironment = ProcessInfo.processInfo.environment
        // Not on the CI job's page: a `workbook run` started by a test annotates nothing and
        // adds nothing to the job's summary (GitHubRunSummary), unless the test asks.
        fullEnvironment["GITHUB_ACTIONS"] = nil
        fullEnvironment.merge(environment) { _, new in new }
        return try ChildProcess(path, arguments, workingDirectory: directory ?? packageRoot, environment: fullEnvironment, timeout: 60).run()
    }
}
