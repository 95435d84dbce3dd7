import ChildContract
import ExerciseCatalog
import Foundation
import ChildProcesses
import FileFingerprints
import GradeRecords

/// Runs the grading programs of built jobs, each in its own ``Sandbox`` under a time limit,
/// each against its judge, and reads the verdict.
///
/// The grading program is a driver: it performs the calls of its judge (`workbook-judge`,
/// a process of the workbook's, outside the sandbox) on the learner's objects and answers
/// with what they did. The judge runs the check and writes the verdict on its own standard
/// error, where nothing of the learner's reaches. When the judge lost its program midway,
/// the way the program ended says what happened: a signal is "crashed" (with the trap's
/// message), an exit is "exited early", silence past the time limit "timed out". Whatever
/// the program printed, and whatever it started, has no say: the sandbox and everything in
/// it end with the program, and only the head and tail of its output are kept.
struct CheckRunner: Sendable {
    let compiler: ExerciseCompiler
    /// Seconds one check may run.
    let timeLimit: Double
    /// Each student's check time in this grading.
    let budget: StudentBudget
    let sandbox: Sandbox
    /// How many checks run at once.
    let width: Int
    let log: @Sendable (String) -> Void
    let runProgram: ChildProcess.Runner

    /// The judge: the program `workbook-judge` (``JudgeProgram``).
    let judgeProgram: String
    /// The seed of every check's draws; `nil` draws a fresh one per check.
    let seed: UInt64?
    /// Where each check's time goes, when `--timings` asks (``GradingTimings``).
    var timings: GradingTimings? = nil

    struct Run {
        var outcome: ExerciseOutcome
        var seconds: Double?
        /// The seed the judge drew this run's values and demands from.
        var seed: UInt64?
    }

    /// Bytes kept of the start and of the end of a program's output.
    static let outputLimit = 64 * 1024

    /// The judge's limits. It reads only what the program sends, and that is hostile data:
    /// it runs in a sandbox of its own (it needs nothing but its executable), and under a
    /// memory limit, so that what it was made to hold costs that check, never the machine.
    /// Its wire takes at most 16 MiB in all (the judge's receive budget); the limit stops
    /// whatever that misses.
    static func judgeLimits(timeLimit: Double) -> Sandbox.Limits {
        Sandbox.Limits(addressSpaceBytes: 1 << 30, memoryBytes: 512 << 20, cpuSeconds: Int(timeLimit.rounded(.up)) + 5, fileSizeBytes: 1 << 20)
    }

    /// Runs each job's program, ``width`` at a time; the runs come back in the order of `jobs`.
    func run(_ jobs: [(job: GradingJob, fingerprint: ProgramFingerprint?)], progress: GradingProgress? = nil) -> [Run] {
        guard !jobs.isEmpty else { return [] }
        log("running \(jobs.count) check\(jobs.count == 1 ? "" : "s")…")
        let kitLibrary = compiler.kit.dynamicLibrary
        let kitFingerprint = ProgramFingerprint(kitLibrary)
        // Each student's first check, then each one's second, and so on: a student whose
        // checks all run to the limit holds one thread at a time, never every thread.
        let order = Grader.interleavedByStudent(jobs.map(\.job))
        let runs = order.map { jobs[$0] }.concurrentMap(width: width) { job, fingerprint in
            defer { progress?("running checks", jobs.count) }
            // The program and the kit are the files that were built, or they are not run.
            guard let fingerprint, ProgramFingerprint(compiler.program(of: job)) == fingerprint,
                  ProgramFingerprint(kitLibrary) == kitFingerprint else {
                return Run(outcome: .crashed("the grading program changed after it was built, so it was not run"))
            }
            return runCheck(job)
        }
        var inOrder = [Run?](repeating: nil, count: jobs.count)
        for (index, run) in zip(order, runs) { inOrder[index] = run }
        return inOrder.map { $0! }
    }

    private func runCheck(_ job: GradingJob) -> Run {
        guard let granted = budget.grant(upTo: timeLimit, to: job.group) else {
            return Run(outcome: .failed(scenario: "not run", message: "this student's checks spent their whole budget (\(Int(budget.secondsPerStudent)) s in all) before this one"))
        }
        let started = Date()
        defer { budget.finish(granted: granted, used: Date().timeIntervalSince(started), by: job.group) }
        return runCheck(job, timeLimit: granted)
    }

    /// Runs `job`'s check within `timeLimit` seconds, the most its student's budget grants.
    private func runCheck(_ job: GradingJob, timeLimit: Double) -> Run {
        let seed = self.seed ?? UInt64.random(in: .min ... .max)
        // The check's time runs from here: wrapping a step in its sandbox is part of its start.
        let started = GradingTimings.now()
        guard let toDriver = try? WirePipe(), let toJudge = try? WirePipe() else {
            return Run(outcome: .crashed("the check could not be started: no pipes left"), seed: seed)
        }
        // In bubblewrap the program sees its folder and the kit at neutral paths (its run
        // path finds the kit beside its folder, ``ExerciseCompiler``): its folder, its path
        // and its memory map name nothing of the instructor's tree (bubblewrap's arguments
        // and the mount table still do: docs/grading-security.md).
        let neutral = sandbox.isBubblewrap
        let program = neutral ? Sandbox.jobInside + "/program" : compiler.program(of: job).path
        var driver = ChildProcess(program, workingDirectory: compiler.folder(of: job), timeout: timeLimit + 1)
        driver.outputLimit = Self.outputLimit
        driver.wiredInput = toDriver.read
        driver.wiredOutput = toJudge.write
        let limits = Sandbox.Limits(cpuSeconds: Int(timeLimit.rounded(.up)) + 1)
        let sandboxed = neutral
            ? sandbox.wrap(driver, limits: limits, readable: [],
                           mounted: [.init(host: compiler.folder(of: job), inside: Sandbox.jobInside),
                                     .init(host: compiler.kit.dynamicLibrary, inside: Sandbox.kitInside + "/" + compiler.kit.dynamicLibrary.lastPathComponent)],
                           workingDirectoryInside: Sandbox.jobInside)
            : sandbox.wrap(driver, limits: limits, readable: [compiler.folder(of: job), compiler.kit.dynamicLibrary])
        var judgeProcess = ChildProcess(judgeProgram, [job.exercise.name, "--seed", String(seed), "--time-limit", String(timeLimit)], timeout: timeLimit + 5)
        judgeProcess.wiredInput = toJudge.read
        judgeProcess.wiredOutput = toDriver.write
        judgeProcess.outputLimit = CheckReport.verdictLineLimit
        let judge = sandbox.wrap(judgeProcess, limits: Self.judgeLimits(timeLimit: timeLimit), readable: [URL(fileURLWithPath: judgeProgram).deletingLastPathComponent()])

        // Both at once: each talks only to the other, through the two pipes.
        let driverRun = DriverRun()
        let driverEnded = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [runProgram] in
            driverRun.result = try? runProgram(sandboxed)
            driverEnded.signal()
        }
        let judged = try? runProgram(judge)
        driverEnded.wait()
        if let timings {
            let seconds = GradingTimings.now() - started
            timings.update(job.timingName) { $0.check = seconds }
        }
        guard var ran = driverRun.result else {
            return Run(outcome: .crashed("the check's program could not be started"), seed: seed)
        }
        if sandbox.isBubblewrap, case .exited(let status) = ran.termination, (129...192).contains(status) {
            ran.termination = .signalled(status - 128)
        }
        // A verdict counts only from a judge that exited as it does after writing one.
        guard let judged, judged.succeeded, let report = CheckReport.verdict(in: judged.standardError) else {
            let why = judged.map { "\($0.termination)" } ?? "it could not be started"
            return Run(outcome: .crashed("the judge of this check failed (\(why)); this is the workbook's fault, not yours"), seed: seed)
        }
        let seconds = ran.duration
        guard let lost = report.lost else {
            let outcome: ExerciseOutcome = report.failure.map { .failed(scenario: $0.scenario, message: LearnerText.visible($0.message)) } ?? .passed
            return Run(outcome: outcome, seconds: seconds, seed: seed)
        }
        switch lost.reason {
        case .stoppedAnswering:
            return Run(outcome: .timedOut(seconds: timeLimit), seconds: seconds, seed: seed)
        case .misbehaved:
            // One sentence of the judge's, which may quote a value the program answered with:
            // any line end in it is the learner's, so it stays one line.
            return Run(outcome: .failed(scenario: lost.scenario, message: "your code's program \(LearnerText.line(lost.detail))"), seconds: seconds, seed: seed)
        case .ended:
            break
        }
        switch ran.termination {
        case .timedOut, .signalled(SIGXCPU):
            return Run(outcome: .timedOut(seconds: timeLimit), seconds: seconds, seed: seed)
        case .signalled(let signal):
            // A trap names its file by #fileID, "<module>/<file>": name the learner's file instead.
            let module = "Exercise_\(job.targetName)"
            let trap = crashMessage(signal: signal, CrashMessage(standardError: ran.standardError, termination: ran.termination))
                .replacingOccurrences(of: "\(module)/\(job.exercise.name).swift", with: job.sourceName)
                .replacingOccurrences(of: "\(module)/Exercise.swift", with: job.sourceName)
            let text = trap + ", in the check's step “\(lost.scenario)”"
            return Run(outcome: .crashed(LearnerText.visible(text)), seconds: seconds, seed: seed)
        case .exited(let status):
            return Run(outcome: .exitedEarly(status: status), seconds: seconds, seed: seed)
        }
    }

    /// Measures, for ``GradingTimings``, what starting and ending an empty sandboxed step
    /// costs (a compile's and a check's, each with the folders it is given, running
    /// `/bin/true`), and the judge in its sandbox without a check (`--help`): one at a time,
    /// in a folder of their own that no job uses.
    func calibrate(_ timings: GradingTimings) {
        let folder = compiler.kit.directory.appendingPathComponent("jobs/.timings")
        TreeRemoval.remove(folder)
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return }
        defer { TreeRemoval.remove(folder) }
        let empty = ChildProcess("/bin/true", workingDirectory: folder, timeout: 20)
        let judge = URL(fileURLWithPath: judgeProgram)
        timings.calibrate(
            runProgram: runProgram,
            emptyStep: { compiler.emptyStep(empty, in: folder) },
            emptyCheck: {
                sandbox.isBubblewrap
                    ? sandbox.wrap(empty, limits: Sandbox.Limits(cpuSeconds: Int(timeLimit.rounded(.up)) + 1), readable: [],
                                   mounted: [.init(host: folder, inside: Sandbox.jobInside),
                                             .init(host: compiler.kit.dynamicLibrary, inside: Sandbox.kitInside + "/" + compiler.kit.dynamicLibrary.lastPathComponent)],
                                   workingDirectoryInside: Sandbox.jobInside)
                    : sandbox.wrap(empty, limits: Sandbox.Limits(cpuSeconds: Int(timeLimit.rounded(.up)) + 1), readable: [folder, compiler.kit.dynamicLibrary])
            },
            judge: FileManager.default.isExecutableFile(atPath: judge.path) ? {
                sandbox.wrap(ChildProcess(judge.path, ["--help"], timeout: 20), limits: Self.judgeLimits(timeLimit: timeLimit),
                             readable: [judge.deletingLastPathComponent()])
            } : nil)
    }

    /// The trap's own message when the program printed one, else the signal, said plainly.
    private func crashMessage(signal: Int32, _ message: CrashMessage) -> String {
        if message.isTrap { return "\(message.text) (\(signalName(signal)))" }
        let overflow = signal == SIGSEGV ? " (a stack overflow, such as endless recursion, or a bad memory access)" : ""
        let limit = signal == SIGXFSZ ? " (it wrote a file over the size limit)" : ""
        return "killed by \(signalName(signal))\(overflow)\(limit)"
    }

    private func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGABRT: return "SIGABRT"
        case SIGSEGV: return "SIGSEGV"
        case SIGBUS: return "SIGBUS"
        case SIGKILL: return "SIGKILL"
        case SIGXFSZ: return "SIGXFSZ"
        default: return "signal \(signal)"
        }
    }
}
