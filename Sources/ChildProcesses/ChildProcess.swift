import CProcessControl
import ChildContract
import WorkbookBasics
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
/// group (every child but one that ``sharesTerminal`` starts a session of its own), so a hung compiler's own children go
/// too; the result then says ``Termination/timedOut``. The group is killed when
/// the child ends, too, so nothing it started outlives it (see ``LiveChildren`` for what
/// happens when the workbook itself is interrupted). A killed child loses
/// whatever it had not flushed: writing to a pipe, Swift's `print` is block-buffered, so a
/// child whose output matters after a timeout must `fflush(stdout)` (or use line buffering).
public struct ChildProcess: Sendable {
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
    public var onStart: (@Sendable (pid_t) -> Void)?
    /// Called once the child and everything it started have been killed and reaped, before
    /// ``run()`` returns (a sandbox removes the control group the run was held in).
    public var onEnd: (@Sendable () -> Void)?
    /// Called on the reading thread with each piece of standard output as it arrives (the
    /// pieces cut lines anywhere), before the end: what a long child is doing now, for a
    /// progress line. The result still holds the output.
    public var onStandardOutput: (@Sendable (Data) -> Void)?
    /// Bytes kept of the start, and again of the end, of each output stream (see
    /// ``BoundedCapture``).
    public var outputLimit = 4 << 20
    /// Descriptors to hand the child as its standard input and output instead of pipes
    /// (a grading program and its judge talk through two pipes the workbook makes). The
    /// child takes them over: this process closes its copies once the child has started.
    /// ``standardInput`` is then ignored, and the result has no standard output.
    public var wiredInput: Int32?
    public var wiredOutput: Int32?
    /// Runs the child on the workbook's own terminal, as a pager needs: in the workbook's
    /// session and process group, writing straight to its standard output and error. A
    /// child in a group of its own is outside the terminal's foreground group, and the
    /// terminal stops it (`SIGTTIN`) the moment it reads a key. Its standard input is still
    /// ``standardInput``; the result holds no output.
    public var sharesTerminal = false
    /// Whether the child is told this process's id (``ParentWatch``), so that a workbook
    /// program it is ends itself once the workbook is gone. A sandbox's outer process (which
    /// dies with its parent by other means, and whose environment its program can read)
    /// is not told.
    public var namesItsParent = true

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
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
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
    public struct Result: Sendable {
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
    ///
    /// The child gets three descriptors (its pipes) and no other, a session of its own, and
    /// default signal actions. The workbook waits on the process itself (`waitpid`), not
    /// on the end of its output: a grandchild that keeps a pipe open cannot hold the run up,
    /// and is killed with the child's process group when the child ends.
    public func run() throws -> Result {
        var childEnvironment = environment ?? ProcessInfo.processInfo.environment
        // A child learns who started it, so a workbook program it runs can end itself once
        // this process is gone (see ParentWatch).
        if namesItsParent { childEnvironment[ParentWatch.environmentKey] = String(getpid()) }

        let input = try wiredInput.map { (read: $0, write: Int32(-1)) } ?? Self.pipe()
        let output = sharesTerminal ? (read: Int32(-1), write: STDOUT_FILENO)
            : try wiredOutput.map { (read: Int32(-1), write: $0) } ?? Self.pipe()
        let error = sharesTerminal ? (read: Int32(-1), write: STDERR_FILENO) : try Self.pipe()
        let ownDescriptors: Set<Int32> = sharesTerminal ? [STDOUT_FILENO, STDERR_FILENO] : []
        Self.ignoreBrokenPipes
        let start = Date()
        var pid: pid_t = 0
        let status = CStrings([executable] + arguments).withPointers { argv in
            CStrings(childEnvironment.map { "\($0.key)=\($0.value)" }).withPointers { envp in
                var spawned: Int32 = 0
                LiveChildren.spawning {
                    spawned = workbook_spawn(&pid, executable, argv, envp, input.read, output.write, error.write, workingDirectory?.path, sharesTerminal ? 0 : 1)
                    return spawned == 0 ? pid : 0
                }
                return spawned
            }
        }
        for descriptor in [input.read, output.write, error.write] where !ownDescriptors.contains(descriptor) { close(descriptor) }
        guard status == 0 else {
            for descriptor in [input.write, output.read, error.read] where descriptor >= 0 { close(descriptor) }
            throw ChildProcessError(executable: executable, reason: String(cString: strerror(status)))
        }
        onStart?(pid)
        let reader = OutputReader([output.read, error.read].filter { $0 >= 0 }, limit: outputLimit,
                                  onFirst: output.read >= 0 ? onStandardOutput : nil)
        let standardInput = self.standardInput ?? Data()
        if input.write >= 0 { Thread.detachNewThread {
            standardInput.withUnsafeBytes { bytes in
                var written = 0
                while written < bytes.count {
                    let count = write(input.write, bytes.baseAddress! + written, bytes.count - written)
                    if count <= 0 { break }
                    written += count
                }
            }
            close(input.write)
        } }

        let exit = ExitWaiter(pid)
        let ended = exit.ended
        var timedOut = false
        if let timeout, ended.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            Self.killGroup(pid)
            ended.wait()
        } else if timeout == nil {
            ended.wait()
        }
        // Whatever the child started ends with it: then its pipes close and the reader ends.
        if !sharesTerminal { Self.killGroup(pid) }
        LiveChildren.remove(pid)
        LiveChildren.killOrphans()
        let printed = reader.finish(within: 2)
        onEnd?()

        let waitStatus = exit.status
        let termination: Termination
        if timedOut {
            termination = .timedOut
        } else if Self.signalled(waitStatus) {
            termination = .signalled(waitStatus & 0x7f)
        } else {
            termination = .exited((waitStatus >> 8) & 0xff)
        }
        return Result(
            termination: termination,
            standardOutputData: output.read >= 0 ? printed[0] : Data(),
            standardErrorData: error.read >= 0 ? printed[printed.count - 1] : Data(),
            duration: Date().timeIntervalSince(start)
        )
    }

    /// `WIFSIGNALED`, which is a macro Swift does not see.
    private static func signalled(_ status: Int32) -> Bool {
        let signal = status & 0x7f
        return signal != 0 && signal != 0x7f
    }

    /// A pipe whose two ends close on `exec`: the child gets its own end only through
    /// ``workbook_spawn``'s `dup2`.
    private static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard workbook_pipe(&ends) == 0 else { throw ChildProcessError(executable: "pipe", reason: String(cString: strerror(errno))) }
        return (ends[0], ends[1])
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

/// Waits for one child with `waitpid` on a thread of its own, and keeps its status.
private final class ExitWaiter: @unchecked Sendable {
    let ended = DispatchSemaphore(value: 0)
    /// Written once by the waiting thread, read only after ``ended`` is signalled.
    private(set) var status: Int32 = 0

    init(_ pid: pid_t) {
        Thread.detachNewThread { [self] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            self.status = status
            ended.signal()
        }
    }
}

/// A program that could not be started.
struct ChildProcessError: Error, CustomStringConvertible {
    var executable: String
    var reason: String
    var description: String { "cannot start \(executable): \(reason)" }
}

/// NUL-terminated copies of strings, as a `char *const[]` for the length of one call.
private struct CStrings {
    let strings: [String]
    init(_ strings: [String]) { self.strings = strings }

    func withPointers<T>(_ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}

extension ChildProcess {
    /// What runs a child and returns how it went: ``run()`` itself, or a test's stand-in
    /// that watches the commands the workbook would run.
    public typealias Runner = @Sendable (ChildProcess) throws -> ChildProcess.Result

    /// One process that runs `commands` one after another, each a path then its arguments,
    /// and stops at the first that fails, with its status: several tools under one sandbox
    /// and one time limit, as a driver would run them, without a shell reading any word.
    ///
    /// `/bin/sh` gets each command as its word count followed by its words; it runs the first
    /// `count` words in a subshell (every later word shifted off), then drops them.
    public static func sequence(_ commands: [[String]], workingDirectory: URL? = nil, timeout: TimeInterval? = nil) -> ChildProcess {
        let script = """
            while [ $# -gt 0 ]; do
              count=$1; shift
              ( index=0
                for word do
                  if [ $index -lt $count ]; then set -- "$@" "$word"; fi
                  shift; index=$((index + 1))
                done
                exec "$@" ) || exit $?
              shift $count
            done
            """
        let words = commands.flatMap { [String($0.count)] + $0 }
        return ChildProcess("/bin/sh", ["-c", script, "sh"] + words, workingDirectory: workingDirectory, timeout: timeout)
    }
}
