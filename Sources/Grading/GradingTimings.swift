import Foundation
import ChildProcesses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a grading's time goes, per step and per file (`workbook grade --timings`).
///
/// Every time here is taken by the grading process itself, on its monotonic clock, at the
/// boundaries of the steps it starts and waits for: never a time that anything in a
/// sandbox reports (a learner's program could say anything). A sandboxed step is one
/// process to the grading process, so what happens inside it is split only where the
/// kernel shows a boundary to the host: the object inspection is the time between the
/// compile step creating its first listing and closing its last, seen through `inotify` on
/// the job's folder (``FolderEvents``; Linux only, else it stays part of the compile). The
/// sandbox's start and the judge's start cannot be seen from outside a step at all: they
/// are measured on their own, after the grading, by starting an empty sandbox of each
/// kind and the judge alone (``calibrate``), and the steps are shown net of them.
public final class GradingTimings: @unchecked Sendable {
    /// The steps of one file's grading, in the order they run.
    public enum Step: String, CaseIterable, Sendable {
        case screen
        case compile
        case objectInspection = "object inspection"
        case link
        case sandboxStart = "sandbox start"
        case judgeStart = "judge start"
        case run
        case record
    }

    /// What the grading process saw of one file, in seconds.
    struct File {
        /// Its share of the sandboxed parse that screened it (a student's files are parsed
        /// together), and the share of that one step's start it pays.
        var screen = 0.0
        var screenShare = 0.0
        /// The compile's sandboxed step (import listing, compile, object inspection), whole.
        var compileStep: Double?
        /// The object inspection inside it, from its first listing's creation to its last's close.
        var inspection: Double?
        var linkStep: Double?
        /// From the start of the program and its judge to the end of both.
        var check: Double?
    }

    /// The medians of the empty steps measured after the grading (``calibrate``).
    public struct Starts: Sendable {
        /// An empty compile-like step: the memory group, the limits, the user switch,
        /// bubblewrap with the same folders, `/bin/true`, and its end.
        public var step: Double
        /// An empty check-like step (the job's folder and the kit mounted at neutral paths).
        public var check: Double
        /// The judge in its sandbox, started and ended without a check (`--help`).
        public var judge: Double?
        public var samples: Int
    }

    private let lock = NSLock()
    private var files: [String: File] = [:]
    private var whole: [(name: String, seconds: Double)] = []
    /// Set by ``calibrate``.
    public internal(set) var starts: Starts? {
        get { lock.withLock { measuredStarts } }
        set { lock.withLock { measuredStarts = newValue } }
    }
    private var measuredStarts: Starts?

    public init() {}

    /// The whole-grading step of the timings' own empty runs (``calibrate``), which a
    /// grading without `--timings` does not make.
    public static let ownRuns = "timings' own runs"

    /// The grading process's monotonic clock, in seconds.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `body` and returns its result, adding its time to the whole-grading step `name`.
    public func measure<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let started = Self.now()
        defer { addWhole(name, Self.now() - started) }
        return try body()
    }

    /// Adds `seconds` to a step of the whole grading, not of a file (the kit made current,
    /// the record written).
    public func addWhole(_ name: String, _ seconds: Double) {
        lock.withLock {
            if let index = whole.firstIndex(where: { $0.name == name }) { whole[index].seconds += seconds } else { whole.append((name, seconds)) }
        }
    }

    func update(_ file: String, _ change: (inout File) -> Void) {
        lock.withLock { change(&files[file, default: File()]) }
    }

    /// One file's net time per step: what the grading process measured, less the starts
    /// measured by ``calibrate`` (never below zero). Steps a file did not take are absent.
    func net(_ file: File, starts: Starts?) -> [Step: Double] {
        let step = starts?.step ?? 0, check = starts?.check ?? 0, judge = starts?.judge ?? 0
        var net: [Step: Double] = [:]
        var sandboxes = 0.0
        if file.screenShare > 0 {
            net[.screen] = max(0, file.screen - file.screenShare * step)
            sandboxes += file.screenShare * step
        }
        if let compileStep = file.compileStep {
            let inspection = file.inspection ?? 0
            net[.compile] = max(0, compileStep - inspection - step)
            if file.inspection != nil { net[.objectInspection] = inspection }
            sandboxes += step
        }
        if let linkStep = file.linkStep {
            net[.link] = max(0, linkStep - step)
            sandboxes += step
        }
        if let seconds = file.check {
            net[.run] = max(0, seconds - max(check, judge))
            net[.judgeStart] = judge
            sandboxes += check
        }
        if sandboxes > 0 { net[.sandboxStart] = sandboxes }
        return net
    }

    /// Every file's net time per step, by file (`student/Exercise`).
    public var perFile: [String: [Step: Double]] {
        lock.withLock { files.mapValues { net($0, starts: measuredStarts) } }
    }

    /// The whole-grading steps, in the order they were first measured.
    public var wholeSteps: [(name: String, seconds: Double)] {
        lock.withLock { whole }
    }

    /// Starts `samples` empty steps of each kind through `runProgram`, one at a time, and
    /// keeps the median of each: what a sandboxed step costs before and after its tool,
    /// from wrapping it in its sandbox to the end of its run.
    func calibrate(samples: Int = 5, runProgram: ChildProcess.Runner, emptyStep: () -> ChildProcess, emptyCheck: () -> ChildProcess, judge: (() -> ChildProcess)?) {
        func median(_ make: () -> ChildProcess) -> Double? {
            var times: [Double] = []
            for _ in 0..<samples {
                // Wrapping is part of a step's start (it reads the process table).
                let started = Self.now()
                guard (try? runProgram(make())) != nil else { return nil }
                times.append(Self.now() - started)
            }
            return Self.median(times)
        }
        let step = median(emptyStep) ?? 0
        let check = median(emptyCheck) ?? 0
        let judgeStart = judge.flatMap(median)
        starts = Starts(step: step, check: check, judge: judgeStart, samples: samples)
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The profile as a table: per step, how many files took it, the total and the median
    /// over those files; then the whole grading's own steps and `wall`, its wall time.
    public func report(wall: Double) -> String {
        let perFile = self.perFile
        let whole = wholeSteps
        func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
        var lines = ["Timings (the grading process's monotonic clock; per step: files that took it, total and median per file, in seconds)"]
        lines.append("  " + "step".padding(toLength: 20, withPad: " ", startingAt: 0) + "files".leftPadded(7) + "total".leftPadded(10) + "median".leftPadded(10))
        for step in Step.allCases where step != .record {
            let values = perFile.values.compactMap { $0[step] }
            let total = values.reduce(0, +)
            lines.append("  " + step.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0) + String(values.count).leftPadded(7)
                + seconds(total).leftPadded(10) + (Self.median(values).map(seconds) ?? "-").leftPadded(10))
        }
        for (name, value) in whole {
            lines.append("  " + name.padding(toLength: 20, withPad: " ", startingAt: 0) + "-".leftPadded(7) + seconds(value).leftPadded(10) + "-".leftPadded(10))
        }
        lines.append("  " + "wall".padding(toLength: 20, withPad: " ", startingAt: 0) + "".leftPadded(7) + seconds(wall).leftPadded(10))
        if let own = whole.first(where: { $0.name == Self.ownRuns }) {
            lines.append("  " + "wall less own runs".padding(toLength: 20, withPad: " ", startingAt: 0) + "".leftPadded(7) + seconds(wall - own.seconds).leftPadded(10))
        }
        // What the grading process itself and the steps it waited for spent of the CPU: its
        // own part (wrapping steps, reading their outputs and the process table) is what no
        // step's row shows.
        var own = rusage(), children = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &own)
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &children)
        #else
        getrusage(RUSAGE_SELF, &own)
        getrusage(RUSAGE_CHILDREN, &children)
        #endif
        func cpu(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        lines.append("CPU: the grading process \(seconds(cpu(own.ru_utime) + cpu(own.ru_stime))) s (user \(seconds(cpu(own.ru_utime))), system \(seconds(cpu(own.ru_stime)))), "
            + "the steps it ran \(seconds(cpu(children.ru_utime) + cpu(children.ru_stime))) s (user \(seconds(cpu(children.ru_utime))), system \(seconds(cpu(children.ru_stime))))")
        if let starts = self.starts {
            let judge = starts.judge.map { ", the judge alone \(seconds($0)) s" } ?? ", the judge not measured"
            lines.append("Sandbox and judge starts are estimates, measured after the grading (medians of \(starts.samples) empty runs each): "
                + "an empty step \(seconds(starts.step)) s, an empty check's sandbox \(seconds(starts.check)) s\(judge). "
                + "Screen, compile, link and run are shown net of them; a file's sandbox start counts each sandboxed step it took "
                + "(its share of its screen's). Steps of several files run at once (--jobs), so the totals add up to more than the wall.")
        }
        #if !os(Linux)
        lines.append("The object inspection is part of the compile here: only Linux shows its boundaries (inotify).")
        #endif
        return lines.joined(separator: "\n") + "\n"
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// The moments, on the grading process's clock, at which files of given names were first
/// created, and last closed after writing, in one host folder while a step runs in it: the
/// kernel tells the host (`inotify`), nothing inside the step is asked. Only names given
/// are kept, each once, and only their time; nothing of what was written is read.
final class FolderEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var created: [String: Double] = [:]
    private var closed: [String: Double] = [:]
    private var stopping = false
    private let done = DispatchSemaphore(value: 0)
    private let descriptor: Int32
    /// Written once by ``stop()`` to wake the watching thread.
    private let wake: WirePipe

    /// Starts watching `folder` for `names`; nil where the system offers no such watch.
    init?(folder: URL, names: Set<String>) {
        #if os(Linux)
        let descriptor = inotify_init1(Int32(O_NONBLOCK | O_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        guard inotify_add_watch(descriptor, folder.path, UInt32(IN_CREATE | IN_CLOSE_WRITE)) >= 0, let wake = try? WirePipe() else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.wake = wake
        Thread.detachNewThread { [self] in watch(names: names) }
        #else
        return nil
        #endif
    }

    #if os(Linux)
    private func watch(names: Set<String>) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let header = MemoryLayout<inotify_event>.size
        while true {
            var waiting = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            _ = poll(&waiting, 2, lock.withLock { stopping } ? 0 : 1000)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            let now = GradingTimings.now()
            var offset = 0
            while count > 0, offset + header <= count {
                let (mask, length) = buffer.withUnsafeBytes { bytes in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.mask, Int(event.len))
                }
                guard offset + header + length <= count else { break }
                let nameBytes = buffer[(offset + header)..<(offset + header + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if names.contains(name) {
                    lock.withLock {
                        if mask & UInt32(IN_CREATE) != 0, created[name] == nil { created[name] = now }
                        if mask & UInt32(IN_CLOSE_WRITE) != 0 { closed[name] = now }
                    }
                }
                offset += header + length
            }
            if count <= 0, lock.withLock({ stopping }) { break }
        }
        close(descriptor)
        close(wake.read)
        done.signal()
    }
    #endif

    /// Stops watching, once every event already queued is read; returns the first
    /// creation and the last close of each name seen.
    func stop() -> (created: [String: Double], closed: [String: Double]) {
        lock.withLock { stopping = true }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        close(wake.write)
        done.wait()
        return lock.withLock { (created, closed) }
    }
}
