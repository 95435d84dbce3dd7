import ChildProcesses
import Foundation

/// The workbook's built programs and the package they belong to, for the tests of the
/// workbook's package and of the instructor's, which depends on it by path.
///
/// `swift test` in the workbook builds `workbook` beside its tests (see the note on
/// EngineTests in Package.swift). The instructor's package does not build it (SwiftPM builds
/// a dependency's executables only for its own plugins): its tests run the one the
/// workbook's own build left in `.build/debug`, which is also the judge of every check they
/// grade.
public enum BuiltWorkbook {
    /// The workbook's folder, found from this file: Tests/WorkbookTestSupport/BuiltWorkbook.swift.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `workbook` beside the tests, else the workbook's own build's.
    public static let path: String = {
        if let beside = builtProgram(named: "workbook") { return beside }
        let workbooks = packageRoot.appendingPathComponent(".build/debug/workbook").path
        return FileManager.default.isExecutableFile(atPath: workbooks) ? workbooks : "workbook-not-built: run `swift build` in \(packageRoot.path) first"
    }()

    /// The judge of every check, `workbook-judge`, beside `workbook` (grading builds it there
    /// when it is missing or older than the checks).
    public static var judge: String {
        URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("workbook-judge").path
    }

    /// The instructor's program, `workbook-instructor`, beside `workbook`: what `workbook
    /// grade`, `similarity` and `dev` become. The tests of the instructor's package start it
    /// themselves, as built by the workbook's `swift test`: through `workbook`, each would
    /// first ask SwiftPM whether it is current.
    public static var instructor: String {
        URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("workbook-instructor").path
    }

    /// The test-only scenario host whose scenarios misbehave on purpose (Tests/SelfTestHost).
    public static let selfTestHost = builtProgram(named: "selftest-host") ?? "selftest-host-not-found-next-to-the-tests"

    /// The benchmark, whose `report` subcommand makes docs/performance.md's figures.
    public static let bench = builtProgram(named: "workbook-bench") ?? "workbook-bench-not-found-next-to-the-tests"

    /// Walks up from the tests until a folder holds `name`: on Linux the tests are an
    /// executable in the build folder itself; on macOS they are an `.xctest` bundle there,
    /// loaded by a runner that lives elsewhere.
    private static func builtProgram(named name: String) -> String? {
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
        return nil
    }

    /// Runs `workbook` with `arguments` in the package directory (or in `directory`).
    public static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> ChildProcess.Result {
        var fullEnvironment = ProcessInfo.processInfo.environment
        // Not on the CI job's page: a `workbook run` started by a test annotates nothing and
        // adds nothing to the job's summary (GitHubRunSummary), unless the test asks.
        fullEnvironment["GITHUB_ACTIONS"] = nil
        // The book in English, whatever the locale of the machine that runs the tests: `read`
        // follows LC_ALL, LC_MESSAGES and LANG. A test that wants a language says so.
        fullEnvironment["LC_ALL"] = "C.UTF-8"
        fullEnvironment.merge(environment) { _, new in new }
        return try ChildProcess(path, arguments, workingDirectory: directory ?? packageRoot, environment: fullEnvironment, timeout: 60).run()
    }
}
