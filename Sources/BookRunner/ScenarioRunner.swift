import BackpressureTrace
import ChildContract
import ExerciseCatalog
import Foundation
import ChildProcesses
import ScenarioHosting

/// Runs scenarios in a child process, so that one that traps or hangs is reported and the
/// others still run.
///
/// The child is the `workbook` executable's hidden `scenario-host` command (a
/// ``ScenarioHost``), started once for all the scenarios: starting a process per scenario
/// would cost more than the scenarios themselves. When a scenario crashes or times out,
/// the host is gone, so a new one is started for the scenarios after it.
public struct ScenarioRunner: Sendable {
    /// The `workbook` executable to start as host.
    public var executable: String
    /// How long one scenario may run before it is reported as timed out.
    public var timeLimit: TimeInterval

    /// Wraps the host before it starts (`workbook serve`: in the grading sandbox); nil runs it as it is.
    package var wrap: (@Sendable (ChildProcess) -> ChildProcess)?
    /// Where the host writes what a scenario printed (a folder the wrapped host can write);
    /// nil for the temporary folder.
    package var captureFolder: URL?
    /// Bytes kept of the host's reports. The workbook's own host: far more than a grading
    /// program's; a host of untrusted code (`serve`) keeps less.
    package var outputLimit = 256 << 20
    /// True when ``wrap`` puts the host in bubblewrap, whose init reports a signal as an exit status.
    package var isSandboxed = false

    public static let defaultTimeLimit = ScenarioHost.defaultTimeLimit
    /// The hidden subcommand of `workbook` that runs scenarios.
    public static let hostCommand = HostArguments.command

    public init(executable: String, timeLimit: TimeInterval = ScenarioRunner.defaultTimeLimit) {
        self.executable = executable
        self.timeLimit = timeLimit
    }

    /// A runner that starts this very executable as the host.
    public static func current(timeLimit: TimeInterval = defaultTimeLimit) -> ScenarioRunner {
        ScenarioRunner(executable: CurrentExecutable.path, timeLimit: timeLimit)
    }

    /// A runner that starts the `workbook` command beside this executable as the host: what
    /// the web book's program, which has no host command of its own, runs scenarios with.
    public static func workbookBeside(timeLimit: TimeInterval = defaultTimeLimit) -> ScenarioRunner {
        let workbook = URL(fileURLWithPath: CurrentExecutable.path).deletingLastPathComponent().appendingPathComponent("workbook")
        return ScenarioRunner(executable: workbook.path, timeLimit: timeLimit)
    }

    /// Runs each scenario once and returns how each ended, in the order given.
    public func run(_ ids: [ScenarioID]) -> [ScenarioID: ScenarioOutcome] {
        runCollectingDrawings(ids).outcomes
    }

    /// Runs each scenario once and returns how each ended, and the trace pictures each drew
    /// (see ``Trace/collectingDrawings(_:)``).
    public func runCollectingDrawings(_ ids: [ScenarioID]) -> ScenarioRun {
        var outcomes: [ScenarioID: ScenarioOutcome] = [:]
        var drawings: [ScenarioID: [Trace.Drawing]] = [:]
        var remaining = ids[...]
        while !remaining.isEmpty {
            let (batch, batchDrawings) = runHost(Array(remaining))
            outcomes.merge(batch) { _, new in new }
            drawings.merge(batchDrawings) { _, new in new }
            let before = remaining.count
            remaining = remaining.drop { outcomes[$0] != nil }
            if remaining.count == before {
                // The host died before it began anything: report that, rather than start it again for ever.
                let failure = batch.isEmpty ? "the scenario host could not start" : "the scenario host stopped"
                for id in remaining { outcomes[id] = .crashed(message: failure, output: "") }
                remaining = []
            }
        }
        return ScenarioRun(outcomes: outcomes, drawings: drawings)
    }

    /// Starts one host for `ids` and reads what it reported, up to where it stopped.
    private func runHost(_ ids: [ScenarioID]) -> (outcomes: [ScenarioID: ScenarioOutcome], drawings: [ScenarioID: [Trace.Drawing]]) {
        let capture = (captureFolder ?? FileManager.default.temporaryDirectory)
            .appendingPathComponent("workbook-scenario-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { TreeRemoval.remove(capture) }

        var environment = ProcessInfo.processInfo.environment
        // A crash should end the host at once; Swift's backtracer would spend seconds symbolicating.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        var host = ChildProcess(
            executable,
            HostArguments(timeLimit: timeLimit, captureFile: capture.path, ids: ids).arguments,
            environment: environment,
            // The host's own watchdog stops a hung scenario; this is the net under it.
            timeout: timeLimit * Double(ids.count) + 10
        )
        // The host is the workbook's own code, and its reports (every scenario's output and
        // drawings) must arrive whole: keep far more than a grading program's output.
        host.outputLimit = outputLimit
        if let wrap { host = wrap(host) }
        let everyID = Set(ids)
        guard let run = try? SupervisedChild(process: host, isSandboxed: isSandboxed).run(isComplete: { messages in
            Set(messages.compactMap { HostMessage($0)?.endedScenario }) == everyID
        }) else {
            return ([:], [:])
        }

        var outcomes: [ScenarioID: ScenarioOutcome] = [:]
        var drawings: [ScenarioID: [Trace.Drawing]] = [:]
        var begun: ScenarioID?
        for message in run.messages {
            switch HostMessage(message) {
            case .begin(let id)?: begun = id
            case .end(let id, let output)?: outcomes[id] = .finished(output: output); begun = nil
            case .timeout(let id, let output)?: outcomes[id] = .timedOut(output: output); begun = nil
            case .unknown(let id)?: outcomes[id] = .missing
            case .drawings(let id, let pictures)?: drawings[id] = pictures
            case nil: continue
            }
        }
        if let crashed = begun {
            let printed = captureFolder == nil ? (try? String(contentsOf: capture, encoding: .utf8)) ?? "" : Self.boundedRead(capture, limit: 64 << 10)
            switch run.ending {
            case .timedOut:
                outcomes[crashed] = .timedOut(output: printed)
            case .crashed(_, let message):
                outcomes[crashed] = .crashed(message: message.text, output: printed)
            case .exitedEarly, .finished:
                outcomes[crashed] = .crashed(message: CrashMessage(standardError: run.result.standardError, termination: run.result.termination).text, output: printed)
            }
        }
        return (outcomes, drawings)
    }

    /// At most `limit` bytes of `file`, when it is a plain file (never a link: the folder
    /// was writable by the code that ran), as UTF-8 with bad bytes replaced.
    package static func boundedRead(_ file: URL, limit: Int) -> String {
        let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return "" }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, limit - count) }
            if got <= 0 { break }
            count += got
        }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }
}
