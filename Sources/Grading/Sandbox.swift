import Foundation
import ChildProcesses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where every step that touches a student's file runs: the compiler, the linker and the
/// grading program, each in a bubblewrap sandbox under resource limits, on Linux.
///
/// A step gets:
/// - only what a program loads, read-only: `/usr` (with `/bin`, `/lib`, `/lib64`, `/sbin`),
///   `/etc/ld.so.cache`, the Swift toolchain, and the folders the caller names (the grading
///   kit, the module wall and cache, the job's own folder). No `/home`, no `/root`, no
///   `/etc/shadow`, no workbook or class folder: they are not there to hide;
/// - write access to the folders the caller names as writable (the job's folder while it is
///   compiled) and to a private, size-limited `/tmp` and `/dev/shm`; the rest of the
///   sandbox, `/dev` included, is read-only;
/// - no network, and its own PID, IPC, UTS and cgroup namespaces: everything it starts
///   dies with it; `--die-with-parent` and a new session;
/// - an unprivileged user on the host when the workbook runs as root (``SandboxUser``),
///   `nobody` inside;
/// - a memory limit for everything it holds, files in its `tmpfs` folders included, where
///   the machine lets the workbook make control groups (``MemoryGroup``), and always
///   limits on address space, CPU seconds, file size, processes and open files.
///
/// Where bubblewrap is missing or cannot make namespaces (macOS; a CI runner that forbids
/// user namespaces), programs run under the limits alone. ``notice`` says, in one line,
/// whatever this machine could not give.
struct Sandbox {
    /// Limits on one sandboxed step and everything it starts.
    struct Limits {
        /// Per process; nil for none.
        var addressSpaceBytes: Int? = 2 << 30
        /// Everything the step holds at once, its `tmpfs` files included (a memory group).
        var memoryBytes = 1536 << 20
        var cpuSeconds: Int
        var fileSizeBytes = 64 << 20
        var processes = 256
        var openFiles = 256
        var temporaryBytes = 64 << 20
        var sharedMemoryBytes = 16 << 20

        /// A compiler or linker run: a memory group of 1.5 GiB (less when many run at once:
        /// ``Sandbox/sharingMemory(_:among:)``), and 4 GiB of address space
        /// per process where there is no group (the frontend maps more than it touches), room
        /// for object files in `/tmp`, and files of at most 128 MiB (an exercise's object
        /// file and program are well under a megabyte).
        static func compiling(seconds: Double) -> Limits {
            Limits(addressSpaceBytes: 4 << 30, cpuSeconds: Int(seconds.rounded(.up)) + 1, fileSizeBytes: 128 << 20, temporaryBytes: 256 << 20)
        }
    }

    enum Kind: Equatable {
        case bubblewrap(path: String, sizedTmp: Bool)
        case none(reason: String)
    }

    let kind: Kind
    /// Where runs get a memory limit of their own, or why they cannot.
    var memoryGroups: Result<MemoryGroups, MemoryGroupsUnavailable> = .failure(.init(reason: "not looked for"))
    /// True when runs switch to an unprivileged host user first (the workbook is root).
    var switchesUser = false
    /// The toolchain every step may load.
    var toolchain: Toolchain? = Toolchain.current

    /// The command that starts the compiler's frontend itself, for a step whose driver would
    /// only start it: the toolchain's `swift-frontend`, else `swiftc -frontend`.
    var frontend: [String] {
        guard let toolchain else { return ["swiftc", "-frontend"] }
        return FileManager.default.isExecutableFile(atPath: toolchain.frontend) ? [toolchain.frontend] : [toolchain.swiftc, "-frontend"]
    }
    /// The most memory one run's group may hold, whatever its limits ask: the runs at once
    /// share what a grading may take of the machine (``sharingMemory(_:among:)``).
    var memoryPerRun = Int.max

    /// Every run's memory capped so that `runsAtOnce` runs together hold at most `total`
    /// (``GradingPolicy/memoryBytes``), but never under 512 MiB: an exercise's compile
    /// peaks near 150 MiB.
    func sharingMemory(_ total: Int, among runsAtOnce: Int) -> Sandbox {
        var sandbox = self
        sandbox.memoryPerRun = max(512 << 20, total / max(1, runsAtOnce))
        return sandbox
    }

    init(kind: Kind) {
        self.kind = kind
    }

    /// The sandbox this machine offers, found once per run.
    static let current: Sandbox = {
        var sandbox = Sandbox(kind: probe())
        sandbox.memoryGroups = MemoryGroups.current
        sandbox.switchesUser = SandboxUser.isSwitching
        return sandbox
    }()

    /// True when programs run in bubblewrap (whose init reports a signal as an exit status).
    var isBubblewrap: Bool {
        if case .bubblewrap = kind { return true }
        return false
    }

    /// One line for the first line of `check` and `grade`, naming what this machine could
    /// not give, or nil when it gives everything.
    var notice: String? {
        var missing: [String] = []
        switch kind {
        case .none(let reason):
            return "note: grading runs without a sandbox (\(reason)); resource limits still apply"
        case .bubblewrap(_, let sizedTmp):
            if !sizedTmp { missing.append("this bubblewrap cannot size its tmpfs folders, so /tmp and /dev/shm are read-only") }
        }
        if case .failure(let unavailable) = memoryGroups {
            missing.append("no memory limit for a whole sandbox (\(unavailable.reason)); each process's address space is limited")
        }
        if getuid() == 0 && !switchesUser {
            missing.append("programs run as root on the host: setpriv (util-linux) is missing")
        }
        guard !missing.isEmpty else { return nil }
        return "note: the grading sandbox runs here with " + missing.joined(separator: "; ")
    }

    /// Why a class of `students` cannot be graded here, or nil when it can.
    ///
    /// Without a sandbox a student's program can write wherever the instructor can: over
    /// another student's grading program, into the checks, the grades file. One student
    /// alone (a learner's own work, a Gradescope container holding one submission) can only
    /// spoil their own grade, so only a class of two or more is refused, unless the
    /// instructor says they trust every student.
    func refusal(gradingStudents students: Int, trustingEveryone: Bool) -> String? {
        guard students > 1, !trustingEveryone, case .none(let reason) = kind else { return nil }
        return "grading \(students) students needs the sandbox, and this machine has none (\(reason)): "
            + "one student's program could change another's grade; pass --without-sandbox to grade anyway, trusting every student"
    }

    /// The first folder on the way to one of `folders` that the unprivileged user programs
    /// run as cannot pass through (a workbook inside `/root`), or nil when there is none or
    /// no user is switched to.
    func unreachable(_ folders: [URL]) -> URL? {
        guard switchesUser, isBubblewrap else { return nil }
        return folders.lazy.compactMap(SandboxUser.barrier(before:)).first
    }

    /// The same sandbox, its programs running as the workbook's own user.
    var keepingUser: Sandbox {
        var sandbox = self
        sandbox.switchesUser = false
        return sandbox
    }

    /// `process` as it runs in the sandbox: `readable` folders shown read-only, `writable`
    /// ones writable (and given to the user the step runs as), nothing else of the host's
    /// but the system's and the toolchain's folders; the environment cleared but for `PATH`
    /// and `HOME`.
    /// A host folder shown read-only at another path inside the sandbox, so that a program
    /// that reads its own path, its working directory or `/proc/self/maps` learns nothing of
    /// the host's tree (``CheckRunner``'s `/grading/job` and `/grading/kit`).
    struct Mount {
        var host: URL
        var inside: String
    }

    /// Where ``CheckRunner`` shows a job's folder and the kit's build folder to its program.
    static let jobInside = "/grading/job"
    static let kitInside = "/grading/kit"

    func wrap(_ process: ChildProcess, limits: Limits, readable: [URL], writable: [URL] = [], mounted: [Mount] = [],
              workingDirectoryInside: String? = nil, environment: [String: String] = [:]) -> ChildProcess {
        var command: [String] = []
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") {
            command += ["/usr/bin/prlimit"] + (limits.addressSpaceBytes.map { ["--as=\($0)"] } ?? [])
            command += ["--cpu=\(limits.cpuSeconds)", "--fsize=\(limits.fileSizeBytes)", "--nofile=\(limits.openFiles)", "--core=0"]
        } else {
            let addressSpace = limits.addressSpaceBytes.map { "-v \($0 / 1024) " } ?? ""
            command += ["/bin/sh", "-c", "ulimit \(addressSpace)-t \(limits.cpuSeconds) -f \(limits.fileSizeBytes / 512) -n \(limits.openFiles) -c 0; exec \"$@\"", "sandbox"]
        }
        var memoryGroup: MemoryGroup?
        if case .bubblewrap(let path, let sizedTmp) = kind {
            let user = switchesUser ? SandboxUser.next() : getuid()
            if command.first == "/usr/bin/prlimit" {
                // Counted per user: the user's processes now, plus the step's own.
                command += ["--nproc=\(ProcessTable.count(ownedBy: user) + limits.processes)", "--"]
            }
            if switchesUser {
                command += SandboxUser.switching(to: user)
                for folder in writable { _ = chown(folder.path, user, user) }
            }
            command += [path, "--unshare-all", "--unshare-user", "--uid", "65534", "--gid", "65534", "--die-with-parent", "--new-session", "--clearenv",
                        "--setenv", "PATH", ([toolchain?.folder.appendingPathComponent("bin").path].compactMap { $0 } + ["/usr/bin", "/bin"]).joined(separator: ":"),
                        "--setenv", "HOME", "/tmp", "--setenv", "TMPDIR", "/tmp"]
            for (name, value) in environment.sorted(by: { $0.key < $1.key }) { command += ["--setenv", name, value] }
            command += Self.systemFolders
            command += ["--proc", "/proc", "--dev", "/dev"]
            command += sizedTmp
                ? ["--size", "\(limits.sharedMemoryBytes)", "--tmpfs", "/dev/shm", "--size", "\(limits.temporaryBytes)", "--tmpfs", "/tmp"]
                : ["--tmpfs", "/dev/shm", "--remount-ro", "/dev/shm", "--tmpfs", "/tmp", "--remount-ro", "/tmp"]
            command += ["--remount-ro", "/dev"]
            if let toolchain, !toolchain.folder.path.hasPrefix("/usr/") { command += ["--ro-bind", toolchain.folder.path, toolchain.folder.path] }
            for folder in readable { command += ["--ro-bind", folder.path, folder.path] }
            for folder in writable { command += ["--bind", folder.path, folder.path] }
            for mount in mounted { command += ["--ro-bind", mount.host.path, mount.inside] }
            command += ["--remount-ro", "/"]
            // A step given no folder starts in its own `/tmp`, never wherever the workbook is.
            command += ["--chdir", workingDirectoryInside ?? process.workingDirectory?.path ?? "/tmp"]
            command += ["--"]
            if case .success(let groups) = memoryGroups {
                // Made now, removed when the run ends (``ChildProcess/onEnd``).
                let group = groups.group(memoryBytes: min(limits.memoryBytes, memoryPerRun), processes: limits.processes)
                if group.make() { memoryGroup = group } else { group.remove() }
            }
        } else if command.first == "/usr/bin/prlimit" {
            command += ["--nproc=\(ProcessTable.count(ownedBy: getuid()) + limits.processes)", "--"]
        }
        if let memoryGroup { command = memoryGroup.joining(command) }
        var wrapped = process
        wrapped.executable = command[0]
        wrapped.arguments = Array(command.dropFirst()) + [process.executable] + process.arguments
        if isBubblewrap {
            // Bubblewrap is the sandbox's process 1, and its own environment is readable
            // inside at /proc/1/environ: it gets none of the workbook's (an instructor's or a
            // learner's tokens and keys), only what finding its tools needs; not the
            // workbook's process id (it dies with its parent by itself), and no host folder
            // as its working directory (a shell before it would export it as `PWD`): the
            // step's own starts inside (`--chdir`). `--clearenv` clears its child's alone.
            wrapped.environment = ["PATH": "/usr/bin:/bin"]
            wrapped.namesItsParent = false
            wrapped.workingDirectory = URL(fileURLWithPath: "/")
        } else {
            // No sandbox hides the workbook's environment either: the step gets what finding
            // the toolchain needs, and what its caller gives it.
            let inherited = process.environment ?? ProcessInfo.processInfo.environment
            wrapped.environment = inherited.filter { Self.toolchainVariables.contains($0.key) }.merging(environment) { _, given in given }
        }
        if let memoryGroup {
            let ended = process.onEnd
            wrapped.onEnd = { ended?(); memoryGroup.remove() }
        }
        return wrapped
    }

    /// The variables a step outside bubblewrap keeps of the workbook's environment: where
    /// programs, the home and temporary folders are, the locale, and (on macOS) the SDK.
    static let toolchainVariables: Set<String> = ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "LC_CTYPE", "SDKROOT", "DEVELOPER_DIR", "TOOLCHAINS"]

    /// The system's folders a program loads, read-only: `/usr`, and `/bin`, `/lib`,
    /// `/lib64` and `/sbin` as links into it (merged `/usr`) or as folders of their own;
    /// the dynamic linker's cache, and the alternatives it may name.
    static let systemFolders: [String] = {
        var arguments = ["--ro-bind", "/usr", "/usr"]
        for folder in ["/bin", "/lib", "/lib32", "/lib64", "/libx32", "/sbin"] {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder) {
                arguments += ["--symlink", target, folder]
            } else if FileManager.default.fileExists(atPath: folder) {
                arguments += ["--ro-bind", folder, folder]
            }
        }
        for file in ["/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives", "/etc/localtime"]
        where FileManager.default.fileExists(atPath: file) {
            arguments += ["--ro-bind", file, file]
        }
        return arguments
    }()

    /// Bubblewrap, if it is installed and can make the namespaces here.
    private static func probe() -> Kind {
        #if os(Linux)
        guard let path = ["/usr/bin/bwrap", "/usr/local/bin/bwrap", "/bin/bwrap"].first(where: FileManager.default.isExecutableFile) else {
            return .none(reason: "bubblewrap is not installed: apt-get install bubblewrap")
        }
        let sizedTmp = ((try? ChildProcess(path, ["--help"], timeout: 10).run())?.standardOutput ?? "").contains("--size")
        var candidate = Sandbox(kind: .bubblewrap(path: path, sizedTmp: sizedTmp))
        candidate.switchesUser = SandboxUser.isSwitching
        var trial = candidate.wrap(ChildProcess("/bin/true"), limits: Limits(cpuSeconds: 10), readable: [])
        trial.timeout = 20
        guard let result = try? trial.run() else { return .none(reason: "bubblewrap could not be started") }
        guard result.succeeded else {
            let why = result.standardError.split(separator: "\n").first.map(String.init) ?? "\(result.termination)"
            // Ubuntu 23.10 and later keep user namespaces from unprivileged programs.
            return .none(reason: "bubblewrap cannot make namespaces here: \(why); on Ubuntu, sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0")
        }
        return .bubblewrap(path: path, sizedTmp: sizedTmp)
        #else
        return .none(reason: "bubblewrap exists only on Linux")
        #endif
    }
}
