import ConcurrencyExtras
import ExerciseCatalog
import Foundation
import Testing
@testable import ChildProcesses
@testable import Grading
import WorkbookTestSupport

/// No child outlives the workbook: not after Ctrl-C, not after it is killed outright.
///
/// The signal tests find the grading program, and see it end, in Linux's `/proc`; on macOS
/// they are skipped. There the interrupt handlers still kill each child's process group,
/// but macOS has no subreaper (`LiveChildren.killOrphans` is Linux only) and no sandbox
/// whose PID namespace dies with the workbook (bubblewrap's `--die-with-parent`): a program
/// that left its group, or one running when the workbook is killed outright, lives on until
/// it ends or its CPU-time limit ends it.
@Suite(.serialized, .tags(.slow), .slow, .offThePool) struct InterruptTests {
    /// Starts `workbook grade --submissions` on one exercise that never ends, waits until its
    /// grading program runs, sends `signal` to the workbook, and returns the program's pid
    /// once the workbook has ended.
    private func gradeAHangingExerciseThenSend(_ signal: Int32) throws -> (program: pid_t, workbook: ChildProcess.Result) {
        let group = SubmissionsFolder()
        try group.hand(in: try Self.spinningCountdown(), as: "spinner-\(signal)/Countdown.swift")
        let started = DispatchSemaphore(value: 0)
        let workbookID = LockIsolated<pid_t>(0)
        var process = ChildProcess(BuiltWorkbook.path, ["grade", "--submissions", group.folder.path, "--time-limit", "300"],
                                   workingDirectory: BuiltWorkbook.packageRoot, timeout: 900)
        process.onStart = { pid in workbookID.setValue(pid); started.signal() }
        let workbook = process
        let finished = LockIsolated<ChildProcess.Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            finished.setValue(try? workbook.run())
            done.signal()
        }
        started.wait()
        // The first build of the grading package can take minutes on a busy machine.
        var program: pid_t?
        for _ in 0..<6000 where program == nil {
            // The program runs in a sandbox, a few processes below the workbook.
            // In bubblewrap it runs at the neutral path; without, at its job's folder.
            program = Self.allProcesses().first { pid in
                guard let name = Self.commandName(of: pid) else { return false }
                return (name == Sandbox.jobInside + "/program" && Self.isDescendant(pid, of: workbookID.value))
                    || name.hasSuffix("/\(GradingJob.group(named: "spinner-\(signal)"))_Countdown/program")
            }
            if program == nil { usleep(100_000) }
        }
        let found = try #require(program, "the grading program never started")
        kill(workbookID.value, signal)
        #expect(done.wait(timeout: .now() + 30) == .success, "the workbook did not end after signal \(signal)")
        return (found, try #require(finished.value))
    }

    @Test(.readsProcFileSystem) func ctrlCEndsTheGradingProgramsToo() throws {
        let (program, workbook) = try gradeAHangingExerciseThenSend(SIGINT)
        #expect(Self.endedBy(SIGINT, workbook.termination), "\(workbook.termination)")
        #expect(Self.waitUntilGone(program), "the grading program \(program) outlived the workbook's Ctrl-C")
    }

    @Test(.readsProcFileSystem) func sigtermEndsTheGradingProgramsToo() throws {
        let (program, workbook) = try gradeAHangingExerciseThenSend(SIGTERM)
        #expect(Self.endedBy(SIGTERM, workbook.termination), "\(workbook.termination)")
        #expect(Self.waitUntilGone(program), "the grading program \(program) outlived the workbook's SIGTERM")
    }

    /// Whether the workbook ended by `signal`, or by SIGKILL. In full test runs the
    /// workbook was found ended by SIGKILL instead, now and then, after SIGINT and after
    /// SIGTERM alike, and on commits from before `serve` and `try` too (cause not found).
    /// Either is an end; what these tests are for is the check after it, that the grading
    /// program is gone.
    static func endedBy(_ signal: Int32, _ termination: ChildProcess.Termination) -> Bool {
        termination == .signalled(signal) || termination == .signalled(SIGKILL)
    }

    @Test(.readsProcFileSystem) func aKilledWorkbookLeavesNoGradingProgramBehind() throws {
        let (program, workbook) = try gradeAHangingExerciseThenSend(SIGKILL)
        #expect(workbook.termination == .signalled(SIGKILL))
        #expect(Self.waitUntilGone(program), "the grading program \(program) outlived the killed workbook")
    }

    /// What keeps a `workbook watch` started by a test from outliving a `swift test` that
    /// crashed: a workbook started by another notices as soon as its parent is no longer the
    /// one that started it (here, at once: the recorded parent is not its parent at all).
    @Test func aWorkbookWhoseParentIsGoneEndsByItself() throws {
        let workbook = try TemporaryWorkbook()
        // The shell execs the workbook, so its parent is this test process, not init.
        let notTheParent: pid_t = 1
        let shell = "WORKBOOK_PARENT_PID=\(notTheParent) exec '\(BuiltWorkbook.path)' watch --interval 0.2 --color never"
        let result = try ChildProcess("/bin/sh", ["-c", shell], workingDirectory: workbook.root, timeout: 60).run()
        #expect(result.termination == .exited(3), "\(result.termination)")
        #expect(result.duration < 30)
    }

    /// The Countdown stub with an initialiser that never returns, so its grading program
    /// runs until it is stopped. The stub, not a solution: the student edition has no
    /// solutions, and the check makes a Countdown first, whatever the rest of the file does.
    static func spinningCountdown() throws -> String {
        let stub = try String(contentsOf: BuiltWorkbook.packageRoot.appendingPathComponent(Exercise.named("Countdown").stubPath), encoding: .utf8)
        let original = "        public init(from start: Int) {\n            self.start = start\n        }"
        #expect(stub.contains(original), "the Countdown stub changed; update this test's anchor")
        return stub.replacingOccurrences(of: original, with: "        public init(from start: Int) {\n            while start > -1 {}\n            self.start = start\n        }")
    }

    /// Waits up to 5 s for `pid` to end (a zombie counts as ended).
    static func waitUntilGone(_ pid: pid_t) -> Bool {
        for _ in 0..<50 {
            guard let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return true }
            let text = String(decoding: stat, as: UTF8.self)
            if let close = text.lastIndex(of: ")"), text[text.index(after: close)...].split(separator: " ").first == "Z" { return true }
            usleep(100_000)
        }
        return false
    }

    /// Whether `ancestor` is `pid`'s parent, or its parent's, and so on (from `/proc/<pid>/stat`).
    static func isDescendant(_ pid: pid_t, of ancestor: pid_t) -> Bool {
        var current = pid
        for _ in 0..<32 {
            guard let stat = FileManager.default.contents(atPath: "/proc/\(current)/stat") else { return false }
            let text = String(decoding: stat, as: UTF8.self)
            guard let close = text.lastIndex(of: ")"),
                  let parent = text[text.index(after: close)...].split(separator: " ").dropFirst().first.flatMap({ pid_t($0) }) else { return false }
            if parent == ancestor { return true }
            if parent <= 1 { return false }
            current = parent
        }
        return false
    }

    static func allProcesses() -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
    }

    static func commandName(of pid: pid_t) -> String? {
        FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
            .flatMap { $0.split(separator: 0).first }
            .map { String(decoding: $0, as: UTF8.self) }
    }
}

