import BackpressureTrace
import ChildContract
import CProcessControl
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs scenarios inside the `workbook` process that the runner started for them.
///
/// Each scenario's standard output (Swift's `print`, and so the `.print()` operator) is
/// redirected into a capture file, so every line it prints is kept and nothing mixes with
/// the host's reports, which go to the runner on the ``ReportChannel`` (see ``HostMessage``). A watchdog ends the whole process when one
/// scenario runs past the time limit: a hung scenario cannot be stopped any other way,
/// and the runner starts a fresh host for the scenarios that remain.
public struct ScenarioHost {
    /// Seconds one scenario may run before the watchdog ends the host: what `run`, `try`,
    /// `serve` and `export` give a scenario unless `--time-limit` says otherwise.
    public static let defaultTimeLimit: TimeInterval = 5

    public var scenarios: [ScenarioID: () -> Void]
    public var timeLimit: TimeInterval

    public init(scenarios: [ScenarioID: () -> Void], timeLimit: TimeInterval) {
        self.scenarios = scenarios
        self.timeLimit = timeLimit
    }

    /// A host for the scenarios of `chapters`, each by its ID.
    public init(chapters: [ChapterScenarios], timeLimit: TimeInterval) {
        var scenarios: [ScenarioID: () -> Void] = [:]
        for chapter in chapters {
            for scenario in chapter.scenarios { scenarios[ScenarioID(chapter: chapter.name, number: scenario.number)] = scenario.run }
        }
        self.init(scenarios: scenarios, timeLimit: timeLimit)
    }

    /// Runs the scenarios one after the other, reporting on standard output, then exits.
    public func run(_ ids: [ScenarioID], captureFile: String) -> Never {
        let reports = ReportChannel.takeOver()
        let capture = open(captureFile, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        guard capture >= 0 else {
            FileHandle.standardError.write(Data("workbook: cannot open the capture file \(captureFile)\n".utf8))
            exit(2)
        }
        // Line buffering: whatever a scenario printed before a crash is already in the file.
        workbook_line_buffer_standard_output()
        let watchdog = Watchdog(reports: reports, capture: capture, timeLimit: timeLimit)

        for id in ids {
            guard let scenario = scenarios[id] else {
                Self.send(.unknown(id), to: reports)
                continue
            }
            Self.send(.begin(id), to: reports)
            ftruncate(capture, 0)
            lseek(capture, 0, SEEK_SET)
            dup2(capture, STDOUT_FILENO)
            watchdog.arm(for: id)
            let drawings = Trace.collectingDrawings(scenario).drawings
            workbook_flush_standard_output()
            watchdog.disarm()
            if !drawings.isEmpty { Self.send(.drawings(id, drawings), to: reports) }
            Self.send(.end(id, output: Self.contents(of: capture)), to: reports)
        }
        exit(0)
    }

    public static func send(_ message: HostMessage, to channel: ReportChannel) {
        channel.send(message.message.kind, message.message.payload)
    }

    static func contents(of descriptor: Int32) -> String {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
            offset += off_t(count)
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Ends the host when the current scenario has run for too long, after reporting what it printed.
/// Its mutable state is guarded by `lock`: hence `@unchecked Sendable`.
private final class Watchdog: @unchecked Sendable {
    private let reports: ReportChannel
    private let capture: Int32
    private let timeLimit: TimeInterval
    private let lock = NSLock()
    /// Which arming is current, so that a timer for a scenario that already finished does nothing.
    private var generation = 0
    private var current: ScenarioID?

    init(reports: ReportChannel, capture: Int32, timeLimit: TimeInterval) {
        self.reports = reports
        self.capture = capture
        self.timeLimit = timeLimit
    }

    func arm(for id: ScenarioID) {
        lock.lock()
        generation += 1
        current = id
        let armed = generation
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) { [self] in
            lock.lock()
            guard generation == armed, let id = current else {
                lock.unlock()
                return
            }
            // Keep the lock: the scenario must not finish and report while the host is ending.
            workbook_flush_standard_output()
            ScenarioHost.send(.timeout(id, output: ScenarioHost.contents(of: capture)), to: reports)
            _exit(0)
        }
    }

    func disarm() {
        lock.lock()
        generation += 1
        current = nil
        lock.unlock()
    }
}
