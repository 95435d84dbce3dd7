import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a grading program runs: a bubblewrap sandbox under resource limits, on Linux.
///
/// A grading program holds a student's code, so it gets:
/// - a read-only view of the file system, with the workbook, the class folder and `HOME`
///   hidden, and only its own program and the grading kit shown again (read-only);
/// - a private `/tmp` (size-limited where bubblewrap can, read-only where it cannot);
/// - no network, and its own PID, IPC and UTS namespaces: everything it starts dies with it;
/// - `--die-with-parent` and a new session;
/// - the `nobody` user inside, with no capabilities;
/// - limits on address space, CPU seconds, file size, processes and open files. The
///   process limit is counted per user, so it is the user's processes now plus
///   ``Limits/processes``; Linux does not apply it to root, where the PID namespace and
///   the time limit are what bound a program that forks without end.
///
/// Where bubblewrap is missing or cannot make namespaces (macOS; a CI runner that forbids
/// user namespaces), programs run under the limits alone, and ``notice`` says so.
struct Sandbox {
    /// Limits on one grading program and everything it starts.
    struct Limits {
        var addressSpaceBytes = 2 << 30
        var cpuSeconds: Int
        var fileSizeBytes = 64 << 20
        var processes = 256
        var openFiles = 256
    }

    enum Kind: Equatable {
        case bubblewrap(path: String, sizedTmp: Bool)
        case none(reason: String)
    }

    let kind: Kind

    /// The sandbox this machine offers, found once per run.
    static let current = Sandbox(kind: probe())

    /// True when programs run in bubblewrap (whose init reports a signal as an exit status).
    var isBubblewrap: Bool {
        if case .bubblewrap = kind { return true }
        return false
    }

    /// One line for the first line of `check` and `grade`, when there is no sandbox.
    var notice: String? {
        guard case .none(let reason) = kind else { return nil }
        return "note: grading runs without a sandbox (\(reason)); resource limits still apply"
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

    /// `process` as it runs in the sandbox: `readable` folders shown read-only, `hidden`
    /// ones replaced by empty folders, the program's environment cleared but for `PATH`.
    func wrap(_ process: ChildProcess, limits: Limits, readable: [URL], hidden: [URL]) -> ChildProcess {
        var command: [String] = []
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") {
            command += ["/usr/bin/prlimit", "--as=\(limits.addressSpaceBytes)", "--cpu=\(limits.cpuSeconds)",
                        "--fsize=\(limits.fileSizeBytes)", "--nofile=\(limits.openFiles)", "--core=0"]
            command += ["--nproc=\(ProcessTable.count(ownedBy: getuid()) + limits.processes)", "--"]
        } else {
            command += ["/bin/sh", "-c", "ulimit -v \(limits.addressSpaceBytes / 1024) -t \(limits.cpuSeconds) -f \(limits.fileSizeBytes / 512) -n \(limits.openFiles) -c 0; exec \"$@\"", "sandbox"]
        }
        if case .bubblewrap(let path, let sizedTmp) = kind {
            command += [path, "--unshare-all", "--unshare-user", "--uid", "65534", "--gid", "65534", "--die-with-parent", "--new-session", "--clearenv",
                        "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "HOME", "/tmp",
                        "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
            for folder in hidden where folder.path != "/" { command += ["--tmpfs", folder.path] }
            command += sizedTmp ? ["--size", "\(64 << 20)", "--tmpfs", "/tmp"] : ["--tmpfs", "/tmp", "--remount-ro", "/tmp"]
            for folder in readable { command += ["--ro-bind", folder.path, folder.path] }
            if let directory = process.workingDirectory { command += ["--chdir", directory.path] }
            command += ["--"]
        }
        var wrapped = process
        wrapped.executable = command[0]
        wrapped.arguments = Array(command.dropFirst()) + [process.executable] + process.arguments
        return wrapped
    }

    /// Bubblewrap, if it is installed and can make the namespaces here.
    private static func probe() -> Kind {
        #if os(Linux)
        guard let path = ["/usr/bin/bwrap", "/usr/local/bin/bwrap", "/bin/bwrap"].first(where: FileManager.default.isExecutableFile) else {
            return .none(reason: "bubblewrap is not installed: apt-get install bubblewrap")
        }
        let sizedTmp = ((try? ChildProcess(path, ["--help"], timeout: 10).run())?.standardOutput ?? "").contains("--size")
        let trial = Sandbox(kind: .bubblewrap(path: path, sizedTmp: sizedTmp))
            .wrap(ChildProcess("/bin/true"), limits: Limits(cpuSeconds: 10), readable: [], hidden: [])
        var timed = trial
        timed.timeout = 20
        guard let result = try? timed.run() else { return .none(reason: "bubblewrap could not be started") }
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
