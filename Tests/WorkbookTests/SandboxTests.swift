import Foundation
import Testing
@testable import WorkbookEngine

/// How children are started and what a sandboxed one may reach.
@Suite struct SandboxTests {
    @Test func aClassIsRefusedWithoutASandboxUnlessTheInstructorTrustsEveryone() throws {
        let none = Sandbox(kind: .none(reason: "bubblewrap is not installed"))
        let refusal = try #require(none.refusal(gradingStudents: 2, trustingEveryone: false))
        #expect(refusal.contains("bubblewrap is not installed") && refusal.contains("--without-sandbox"), "\(refusal)")
        #expect(none.refusal(gradingStudents: 2, trustingEveryone: true) == nil)
        #expect(none.refusal(gradingStudents: 1, trustingEveryone: false) == nil, "one submission can spoil only itself")
        let sandboxed = Sandbox(kind: .bubblewrap(path: "/usr/bin/bwrap", sizedTmp: true))
        #expect(sandboxed.refusal(gradingStudents: 30, trustingEveryone: false) == nil)
    }

    /// Linux only: it lists the shell's descriptors in `/proc/$$/fd`. On macOS the same rule
    /// is `POSIX_SPAWN_CLOEXEC_DEFAULT` in Sources/CProcessControl/spawn.c.
    @Test(.readsProcFileSystem)
    func aChildGetsItsThreeDescriptorsAndNoOther() throws {
        // An open descriptor of this process that a careless spawn would hand down.
        let held = open("/dev/null", O_RDONLY)
        defer { close(held) }
        let result = try ChildProcess("/bin/sh", ["-c", "ls /proc/$$/fd"], timeout: 30).run()
        #expect(result.standardOutput.split(separator: "\n") == ["0", "1", "2"], "\(result.standardOutput)")
    }

    /// Linux only: `setsid` is util-linux's command (macOS has none), and the grandchild is
    /// looked for in `/proc`.
    @Test(.readsProcFileSystem, .enabled(if: LinuxOnly.hasSetsidCommand, "uses util-linux's setsid command, which macOS does not have"))
    func aChildThatLeavesAProcessHoldingItsPipesDoesNotHoldTheRunUp() throws {
        let result = try ChildProcess("/bin/sh", ["-c", "setsid sleep 47.25 & echo started"], timeout: 30).run()
        #expect(result.standardOutput == "started\n")
        #expect(result.duration < 10, "the run waited for the grandchild: \(result.duration) s")
        #expect(HostileExerciseTests.processes(withArguments: ["sleep", "47.25"]).isEmpty, "the grandchild outlived its parent")
    }

    @Test func outputIsKeptAsItsHeadAndTail() {
        var capture = BoundedCapture(limit: 4)
        let text = Array("abcdefghijklmnop".utf8)
        text.withUnsafeBytes { capture.append($0) }
        #expect(String(decoding: capture.data, as: UTF8.self) == "abcd\n… 8 bytes cut …\nmnop")
    }

    @Test func withoutBubblewrapProgramsRunUnderLimitsAndTheFirstLineSaysSo() {
        let sandbox = Sandbox(kind: .none(reason: "bubblewrap is not installed"))
        #expect(sandbox.notice == "note: grading runs without a sandbox (bubblewrap is not installed); resource limits still apply")
        let wrapped = sandbox.wrap(ChildProcess("/p/program"), limits: .init(cpuSeconds: 11), readable: [], hidden: [])
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") {
            #expect(wrapped.executable == "/usr/bin/prlimit")
            #expect(wrapped.arguments.contains("--cpu=11") && wrapped.arguments.contains("--as=\(2 << 30)"))
        } else {
            // prlimit is util-linux's; without it (macOS) the shell's ulimit sets the limits.
            #expect(wrapped.executable == "/bin/sh")
            #expect(wrapped.arguments.contains { $0.hasPrefix("ulimit -v \((2 << 30) / 1024) -t 11 ") }, "\(wrapped.arguments)")
        }
        #expect(wrapped.arguments.last == "/p/program" && !wrapped.arguments.contains { $0.hasSuffix("bwrap") })
    }

    @Test(.enabled(if: Sandbox.current.isBubblewrap, "needs bubblewrap's sandbox, which is Linux's (and needs user namespaces); macOS grades under resource limits alone"))
    func aSandboxedProgramSeesNoNetworkNoWorkbookAndNothingWritable() throws {
        let shown = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-\(UUID().uuidString)")
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString)")
        for folder in [shown, secret] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        defer { for folder in [shown, secret] { try? FileManager.default.removeItem(at: folder) } }
        let script = "ls \(secret.path) | wc -l; touch \(shown.path)/x 2>/dev/null || echo read-only; cat /proc/net/dev | grep -c ':'; echo $$"
        let process = Sandbox.current.wrap(ChildProcess("/bin/sh", ["-c", script], timeout: 30), limits: .init(cpuSeconds: 10),
                                           readable: [shown], hidden: [secret])
        let result = try process.run()
        #expect(result.standardOutput.split(separator: "\n") == ["0", "read-only", "1", "2"], "\(result.standardOutput) \(result.standardError)")
    }
}
