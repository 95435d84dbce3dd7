import ExerciseChecks
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs another program to completion and collects what it printed.
///
/// One small value describes the run (program, arguments, optional standard input, working
/// directory, environment, time limit); ``run()`` starts it, feeds it, drains both of its
/// output pipes at the same time (so a chatty child never blocks on a full pipe), and
/// returns a ``Result`` saying how it ended.
///
/// ```swift
/// let result = try ChildProcess("swift", ["build", "--target", "Exercises"],
///                               timeout: 120).run()
/// if case .exited(0) = result.termination { … } else { print(result.standardError) }
/// ```
///
/// A child that outlives `timeout` is killed with `SIGKILL`, together with its process
/// group where the platform gives the child one (Linux does), so a hung compiler's own
/// children go too; the result then says ``Termination/timedOut``. The group is killed when
/// the child ends, too, so nothing it started outlives it (see ``LiveChildren`` for what
/// happens when the workbook itself is interrupted). A killed child loses
/// whatever it had not flushed: writing to a pipe, Swift's `print` is block-buffered, so a
/// child whose output matters after a timeout must `fflush(stdout)` (or use line buffering).
public struct ChildProcess {
    /// The program: a path when it contains a `/`, otherwise a name looked up in `PATH`.
    public var executable: String
    public var arguments: [String]
    /// Bytes written to the child's standard input, which is then closed.
    /// `nil` gives the child an empty standard input (never the parent's terminal).
    public var standardInput: Data?
    /// The directory the child starts in; `nil` keeps the parent's.
    public var workingDirectory: URL?
    /// The child's whole environment; `nil` inherits the parent's.
    public var environment: [String: String]?
    /// Seconds the child may run before it is killed; `nil` waits for ever.
    public var timeout: TimeInterval?
    /// Called with the child's process id once it has started (tests use it to signal it).
    public var onStart: ((pid_t) -> Void)?

    public init(
        _ executable: String,
        _ arguments: [String] = [],
        standardInput: Data? = nil,
        workingDirectory: URL? = nil,
        environment: [String: String]? = nil,
        timeout: TimeInterval? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.standardInput = standardInput
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.timeout = timeout
    }

    /// How a child ended.
    public enum Termination: Equatable, CustomStringConvertible {
        /// It returned from `main` or called `exit` with this status.
        case exited(Int32)
        /// A signal ended it: a trap (`fatalError`, a failed precondition) is `SIGILL` or
        /// `SIGTRAP`, an abort `SIGABRT`.
        case signalled(Int32)
        /// It ran past ``ChildProcess/timeout`` and was killed.
        case timedOut

        public var description: String {
            switch self {
            case .exited(let status): return "exited with status \(status)"
            case .signalled(let signal): return "killed by signal \(signal)"
            case .timedOut: return "timed out"
            }
        }
    }

    /// What a finished child left behind.
    public struct Result {
        public var termination: Termination
        public var standardOutputData: Data
        public var standardErrorData: Data
        /// Wall-clock seconds from start to end.
        public var duration: TimeInterval

        public var standardOutput: String { String(decoding: standardOutputData, as: UTF8.self) }
        public var standardError: String { String(decoding: standardErrorData, as: UTF8.self) }
        /// True when the child exited with status 0.
        public var succeeded: Bool { termination == .exited(0) }
    }

    /// Starts the child, waits for it, and returns how it went.
    ///
    /// Throws only when the program cannot be started at all (for example, it does not
    /// exist); everything the child does after starting is described by the ``Result``.
    public func run() throws -> Result {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        // Every child learns who started it, so a workbook program it runs can end itself
        // once this process is gone (see ParentWatch).
        var childEnvironment = environment ?? ProcessInfo.processInfo.environment
        childEnvironment[ParentWatch.environmentKey] = String(getpid())
        process.environment = childEnvironment

        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error

        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }

        Self.ignoreBrokenPipes
        let start = Date()
        try LiveChildren.spawning {
            try process.run()
            return process.processIdentifier
        }
        // Foundation starts every child as the leader of a process group of its own, so
        // the terminal's Ctrl-C does not reach it: the workbook kills the group itself,
        // when the child ends, times out, or the workbook is interrupted.
        let group = process.processIdentifier
        onStart?(group)
        defer {
            Self.killGroup(group)
            LiveChildren.remove(group)
            LiveChildren.killOrphans()
        }

        // Drain both pipes while the child runs; a child blocked on a full pipe never ends.
        let drained = DispatchGroup()
        let stdout = PipeDrain(output.fileHandleForReading, group: drained)
        let stderr = PipeDrain(error.fileHandleForReading, group: drained)

        let standardInput = self.standardInput
        Thread.detachNewThread {
            if let data = standardInput, !data.isEmpty {
                try? input.fileHandleForWriting.write(contentsOf: data)
            }
            try? input.fileHandleForWriting.close()
        }

        var timedOut = false
        if let timeout {
            if ended.wait(timeout: .now() + timeout) == .timedOut {
                timedOut = true
                Self.killGroup(group)
                ended.wait()
            }
        } else {
            ended.wait()
        }
        // Whatever the child started (a `sleep 120` holding its pipes open) ends with it:
        // then the pipes close and the drains finish.
        Self.killGroup(group)
        _ = drained.wait(timeout: .now() + 5)

        let termination: Termination
        if timedOut {
            termination = .timedOut
        } else if process.terminationReason == .uncaughtSignal {
            termination = .signalled(process.terminationStatus)
        } else {
            termination = .exited(process.terminationStatus)
        }
        return Result(
            termination: termination,
            standardOutputData: stdout.data,
            standardErrorData: stderr.data,
            duration: Date().timeIntervalSince(start)
        )
    }

    /// Kills the process group the child leads: the child and everything it started.
    static func killGroup(_ group: pid_t) {
        guard group > 0 else { return }
        kill(-group, SIGKILL)
        kill(group, SIGKILL)
    }

    /// Writing to a child that already exited must fail with `EPIPE`, not kill this process.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN); return () }()
}

/// Reads one pipe to its end on a thread of its own.
///
/// A dedicated thread rather than a Dispatch queue: the read blocks for as long as the child
/// runs, and many children running at once (tests in parallel) would use up Dispatch's
/// limited pool of threads, leaving the last pipes unread.
private final class PipeDrain {
    private let lock = NSLock()
    private var collected = Data()

    init(_ handle: FileHandle, group: DispatchGroup) {
        group.enter()
        Thread.detachNewThread {
            let data = handle.readDataToEndOfFile()
            self.lock.lock()
            self.collected = data
            self.lock.unlock()
            group.leave()
        }
    }

    var data: Data {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }
}
