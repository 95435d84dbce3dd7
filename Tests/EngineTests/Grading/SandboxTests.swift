import Foundation
import Testing
import ChildContract
@testable import ChildProcesses
@testable import Grading
import WorkbookTestSupport

/// How children are started and what a sandboxed one may reach.
@Suite(.offThePool) struct SandboxTests {
    /// The runs of a grading share one memory budget: together they hold no more than 2.5 GiB,
    /// whatever `--jobs` asks, down to a floor an exercise's compile fits in many times.
    @Test func runsAtOnceShareTheMemoryAGradingMayTake() {
        let sandbox = Sandbox(kind: .none(reason: "a test"))
        #expect(sandbox.memoryPerRun == Int.max)
        for jobs in 1...5 {
            let shared = sandbox.sharingMemory(2560 << 20, among: jobs)
            #expect(shared.memoryPerRun * jobs <= 2560 << 20)
            #expect(shared.memoryPerRun >= 512 << 20)
        }
        #expect(sandbox.sharingMemory(2560 << 20, among: 3).memoryPerRun == (2560 << 20) / 3)
        #expect(sandbox.sharingMemory(2560 << 20, among: 64).memoryPerRun == 512 << 20)
    }

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
        #expect(LinuxOnly.processes(withArguments: ["sleep", "47.25"]).isEmpty, "the grandchild outlived its parent")
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
        let wrapped = sandbox.wrap(ChildProcess("/p/program"), limits: .init(cpuSeconds: 11), readable: [])
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

    @Test func theTailIsARingThatKeepsTheLastBytesInOrder() {
        var capture = BoundedCapture(limit: 4)
        for chunk in ["ab", "cdefg", "h", "ijklmnopq", "rs"] { Array(chunk.utf8).withUnsafeBytes { capture.append($0) } }
        #expect(String(decoding: capture.data, as: UTF8.self) == "abcd\n… 11 bytes cut …\npqrs")
    }

    /// Row 4: a child that writes to stderr without end, 64 KiB kept of it. The peak of
    /// this process's memory is what a capture that keeps growing would raise: `cat`
    /// writes gigabytes in those five seconds, so a capture that kept them would raise it by
    /// far more than the 512 MiB allowed, which leaves room for the tests that run beside
    /// this one in the same process (they raised it by 136 MiB once).
    @Test(.readsProcFileSystem) func anEndlessWriterLeavesTheWorkbooksMemoryAsItWas() throws {
        func peakBytes() -> Int {
            let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        let before = peakBytes()
        var writer = ChildProcess("/bin/sh", ["-c", "cat /dev/zero >&2"], timeout: 5)
        writer.outputLimit = 64 * 1024
        let result = try writer.run()
        let grown = peakBytes() - before
        #expect(result.termination == .timedOut)
        #expect(result.standardErrorData.count < 200 * 1024)
        #expect(grown < 512 << 20, "the workbook's peak grew by \(grown >> 20) MiB while it read a child's endless output")
    }

    @Test(.enabled(if: Sandbox.current.isBubblewrap, "needs bubblewrap's sandbox, which is Linux's (and needs user namespaces); macOS grades under resource limits alone"))
    func aSandboxedProgramSeesNoNetworkNoWorkbookAndNothingWritable() throws {
        let shown = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-\(UUID().uuidString)")
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString)")
        for folder in [shown, secret] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        defer { for folder in [shown, secret] { try? FileManager.default.removeItem(at: folder) } }
        let script = "ls \(secret.path) 2>/dev/null | wc -l; touch \(shown.path)/x 2>/dev/null || echo read-only; cat /proc/net/dev | grep -c ':'; echo $$"
        let process = Sandbox.current.wrap(ChildProcess("/bin/sh", ["-c", script], timeout: 30), limits: .init(cpuSeconds: 10), readable: [shown])
        let result = try process.run()
        #expect(result.standardOutput.split(separator: "\n") == ["0", "read-only", "1", "2"], "\(result.standardOutput) \(result.standardError)")
    }

    /// No process in the sandbox holds the workbook's environment: not the program (bubblewrap
    /// clears its child's), and not bubblewrap itself, process 1 inside, whose environment
    /// the program can read at `/proc/1/environ` (the serve red team's finding).
    @Test(.enabled(if: Sandbox.current.isBubblewrap, "needs bubblewrap's sandbox"))
    func noProcessInTheSandboxHoldsTheWorkbooksEnvironment() throws {
        let script = "for p in /proc/[0-9]*; do tr '\\0' '\\n' < $p/environ 2>/dev/null; done; env"
        let result = try Sandbox.current.wrap(ChildProcess("/bin/sh", ["-c", script], timeout: 30), limits: .init(cpuSeconds: 10), readable: []).run()
        #expect(result.standardOutput.contains("PATH="), "the script saw no environment at all: \(result.standardOutput) \(result.standardError)")
        let seen = Set(result.standardOutput.split(separator: "\n").map(String.init))
        #expect(seen.isDisjoint(with: Self.workbooksOwnVariables), "\(seen.intersection(Self.workbooksOwnVariables))")
    }

    /// This test process's variables that no sandboxed step needs (the toolchain's left out),
    /// as `NAME=value` lines: read, never set, so that no test changes the environment while
    /// others start processes from it.
    static let workbooksOwnVariables: Set<String> = {
        let own = ProcessInfo.processInfo.environment.filter { !Sandbox.toolchainVariables.contains($0.key) && $0.value.count >= 3 && $0.key != "PWD" }
        return Set(own.map { "\($0.key)=\($0.value)" })
    }()

    /// What bubblewrap itself is started with, whatever the step asked for: an environment
    /// of `PATH` alone, no parent's id, and `/` as its folder; the step's own is given
    /// inside, `/tmp` when it names none.
    @Test func bubblewrapStartsWithNothingOfTheWorkbooks() throws {
        let sandbox = Sandbox(kind: .bubblewrap(path: "/usr/bin/bwrap", sizedTmp: true))
        let step = ChildProcess("/bin/true", workingDirectory: URL(fileURLWithPath: "/host/job"), environment: ["SECRET": "x"])
        let wrapped = sandbox.wrap(step, limits: .init(cpuSeconds: 1), readable: [])
        defer { wrapped.onEnd?() }
        #expect(wrapped.environment == ["PATH": "/usr/bin:/bin"])
        #expect(!wrapped.namesItsParent)
        #expect(wrapped.workingDirectory?.path == "/")
        let chdir = try #require(wrapped.arguments.firstIndex(of: "--chdir"))
        #expect(wrapped.arguments[chdir + 1] == "/host/job")
        let bare = sandbox.wrap(ChildProcess("/bin/true"), limits: .init(cpuSeconds: 1), readable: [])
        defer { bare.onEnd?() }
        let bareChdir = try #require(bare.arguments.firstIndex(of: "--chdir"))
        #expect(bare.arguments[bareChdir + 1] == "/tmp")
    }

    /// What no environment inside names either: the workbook's process id, and the host
    /// folder a step's own folder is shown from at a neutral path (a memory group's shell,
    /// run in it, exported it as `PWD`; the grading red team's finding).
    @Test(.enabled(if: Sandbox.current.isBubblewrap, "needs bubblewrap's sandbox"))
    func noEnvironmentInsideNamesTheWorkbookOrTheHostFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("host-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = "for p in /proc/[0-9]*; do tr '\\0' '\\n' < $p/environ 2>/dev/null; done; env; pwd"
        let step = ChildProcess("/bin/sh", ["-c", script], workingDirectory: folder, timeout: 30)
        let result = try Sandbox.current.wrap(step, limits: .init(cpuSeconds: 10), readable: [], mounted: [.init(host: folder, inside: "/grading/job")],
                                              workingDirectoryInside: "/grading/job").run()
        #expect(result.standardOutput.contains("/grading/job"), "the step did not start in its folder: \(result.standardOutput) \(result.standardError)")
        #expect(!result.standardOutput.contains(folder.lastPathComponent), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains(ParentWatch.environmentKey), "\(result.standardOutput)")
    }

    /// Without bubblewrap a step still gets only what finding the toolchain needs of the
    /// workbook's environment, and what its caller gives it.
    @Test func aStepOutsideBubblewrapKeepsOnlyTheToolchainsVariables() throws {
        let plain = Sandbox(kind: .none(reason: "a test"))
        let result = try plain.wrap(ChildProcess("/usr/bin/env", timeout: 30), limits: .init(cpuSeconds: 10), readable: [], environment: ["GIVEN": "yes"]).run()
        #expect(result.standardOutput.contains("PATH=") && result.standardOutput.contains("GIVEN=yes"), "\(result.standardOutput) \(result.standardError)")
        let seen = Set(result.standardOutput.split(separator: "\n").map(String.init))
        #expect(!Self.workbooksOwnVariables.isEmpty && seen.isDisjoint(with: Self.workbooksOwnVariables), "\(seen.intersection(Self.workbooksOwnVariables))")
    }

    /// Row 9: only what a program loads is there, and root's files are not readable even
    /// when the workbook is root.
    @Test func rootsFilesHomeAndTheRestOfTheHostAreNotThere() throws {
        guard case .bubblewrap = Sandbox.current.kind else { return }
        let writable = FileManager.default.temporaryDirectory.appendingPathComponent("writable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: writable, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: writable) }
        let script = "for path in /etc/shadow /etc/passwd /root /home /work /opt/swift/usr/bin/swiftc /usr/bin/ld; do test -e $path && echo $path; done; touch \(writable.path)/made"
        let result = try Sandbox.current.wrap(ChildProcess("/bin/sh", ["-c", script], timeout: 30), limits: .init(cpuSeconds: 10), readable: [], writable: [writable]).run()
        let seen = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(!seen.contains("/etc/shadow") && !seen.contains("/root") && !seen.contains("/home") && !seen.contains("/etc/passwd"), "\(seen)")
        #expect(seen.contains("/usr/bin/ld"), "the linker must be there for the link step: \(seen) \(result.standardError)")
        if let toolchain = Sandbox.current.toolchain { #expect(seen.contains(where: { $0.hasPrefix("/usr/") || $0 == toolchain.swiftc }) ) }
        var info = stat()
        #expect(stat(writable.appendingPathComponent("made").path, &info) == 0, "\(result.standardError)")
        if getuid() == 0 {
            #expect(info.st_uid != 0, "the sandboxed program ran as root on the host")
        }
    }

    /// Row 5: /dev/shm and /tmp hold what their size allows, the rest of /dev and of the
    /// sandbox's root is read-only.
    @Test func sharedMemoryAndTmpAreSizedAndTheRestIsReadOnly() throws {
        guard case .bubblewrap(_, let sized) = Sandbox.current.kind, sized else { return }
        let script = "head -c 67108864 /dev/zero > /dev/shm/fill 2>/dev/null; wc -c < /dev/shm/fill; touch /dev/made 2>/dev/null || echo dev-read-only; touch /made 2>/dev/null || echo root-read-only"
        let limits = Sandbox.Limits(cpuSeconds: 10)
        let result = try Sandbox.current.wrap(ChildProcess("/bin/sh", ["-c", script], timeout: 30), limits: limits, readable: []).run()
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines) \(result.standardError)")
        #expect((Int(lines.first ?? "") ?? .max) <= limits.sharedMemoryBytes, "\(lines)")
        #expect(lines.dropFirst() == ["dev-read-only", "root-read-only"])
    }

    /// Files in a sandbox's tmpfs are memory no process owns: the memory group counts them.
    @Test func aWholeSandboxIsHeldToItsMemoryLimit() throws {
        guard case .bubblewrap = Sandbox.current.kind, case .success = Sandbox.current.memoryGroups else { return }
        var limits = Sandbox.Limits(cpuSeconds: 20)
        limits.memoryBytes = 64 << 20
        limits.temporaryBytes = 512 << 20
        let script = "head -c 300000000 /dev/zero > /tmp/fill; echo survived"
        let result = try Sandbox.current.wrap(ChildProcess("/bin/sh", ["-c", script], timeout: 30), limits: limits, readable: []).run()
        #expect(!result.standardOutput.contains("survived"), "300 MB of /tmp fit in a 64 MiB sandbox: \(result.termination)")
    }

    @Test func theFirstLineNamesWhatTheMachineCouldNotGive() {
        var sandbox = Sandbox(kind: .bubblewrap(path: "/usr/bin/bwrap", sizedTmp: false))
        sandbox.memoryGroups = .failure(.init(reason: "only root can make control groups here"))
        let notice = sandbox.notice ?? ""
        #expect(notice.hasPrefix("note: the grading sandbox runs here with ") && notice.contains("read-only") && notice.contains("only root can make control groups here"), "\(notice)")
        sandbox = Sandbox(kind: .bubblewrap(path: "/usr/bin/bwrap", sizedTmp: true))
        sandbox.memoryGroups = .success(MemoryGroups(layout: .version2(URL(fileURLWithPath: "/sys/fs/cgroup/x"))))
        sandbox.switchesUser = true
        #expect(sandbox.notice == nil)
    }
}
