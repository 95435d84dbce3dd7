import ChildProtocol
import Course
import Foundation

/// Runs the grading programs of built jobs, each in its own ``Sandbox`` under a time limit,
/// and reads how each one ended.
///
/// Only the report that comes back on the ``ReportChannel`` with this run's nonce counts.
/// Without one, the way the process ended says what happened: a signal is "crashed" (with
/// the trap's message), an exit is "exited early", the time limit "timed out". Whatever the
/// program printed, and whatever it started, has no say: the sandbox and everything in it
/// end with the program, and only the head and tail of its output are kept.
struct CheckRunner {
    let compiler: ExerciseCompiler
    /// Seconds one check may run.
    let timeLimit: Double
    let sandbox: Sandbox
    let log: (String) -> Void
    let runProgram: (ChildProcess) throws -> ChildProcess.Result

    struct Run {
        var outcome: ExerciseOutcome
        var seconds: Double?
    }

    /// Bytes kept of the start and of the end of a program's output.
    static let outputLimit = 64 * 1024

    /// Runs each job's program, two at a time; the runs come back in the order of `jobs`.
    func run(_ jobs: [(job: GradingJob, fingerprint: ProgramFingerprint?)], progress: StepProgress? = nil) -> [Run] {
        guard !jobs.isEmpty else { return [] }
        log("running \(jobs.count) check\(jobs.count == 1 ? "" : "s")…")
        let library = compiler.kit.library
        let kitFingerprint = ProgramFingerprint(library)
        return jobs.mapTwoAtATime { job, fingerprint in
            defer { progress?.advance("running checks", of: jobs.count) }
            // The program and the kit are the files that were built, or they are not run.
            guard let fingerprint, ProgramFingerprint(compiler.program(of: job)) == fingerprint,
                  ProgramFingerprint(library) == kitFingerprint else {
                return Run(outcome: .crashed("the grading program changed after it was built, so it was not run"))
            }
            return runCheck(job)
        }
    }

    private func runCheck(_ job: GradingJob) -> Run {
        var process = ChildProcess(compiler.program(of: job).path, workingDirectory: compiler.folder(of: job), timeout: timeLimit)
        process.outputLimit = Self.outputLimit
        let limits = Sandbox.Limits(cpuSeconds: Int(timeLimit.rounded(.up)) + 1)
        let sandboxed = sandbox.wrap(process, limits: limits, readable: [compiler.folder(of: job), compiler.buildFolder])
        let child = SupervisedChild(process: sandboxed, isSandboxed: sandbox.isBubblewrap)
        guard let run = try? child.run(using: runProgram, isComplete: { !Self.reports(in: $0).isEmpty }) else {
            return Run(outcome: .crashed("the check's program could not be started"))
        }
        let seconds = run.result.duration
        switch run.ending {
        case .timedOut, .crashed(signal: SIGXCPU, _):
            return Run(outcome: .timedOut(seconds: timeLimit), seconds: seconds)
        case .crashed(let signal, let message):
            // A trap names its file by #fileID, "<module>/<file>": name the learner's file instead.
            let module = "Exercise_\(job.targetName)"
            let text = crashMessage(signal: signal, message)
                .replacingOccurrences(of: "\(module)/\(job.exercise.name).swift", with: job.sourceName)
                .replacingOccurrences(of: "\(module)/Exercise.swift", with: job.sourceName)
            return Run(outcome: .crashed(text), seconds: seconds)
        case .exitedEarly(let status):
            return Run(outcome: .exitedEarly(status: status), seconds: seconds)
        case .finished:
            let reports = Self.reports(in: run.messages)
            guard reports.count == 1 else {
                return Run(outcome: .failed(scenario: "grading", message: "the program sent more than one report: something besides the check wrote to the workbook's private channel"), seconds: seconds)
            }
            guard let report = try? JSONDecoder().decode(CheckReport.self, from: reports[0].payload) else {
                return Run(outcome: .crashed("the check's report could not be read"), seconds: seconds)
            }
            let outcome: ExerciseOutcome = report.failure.map { .failed(scenario: $0.scenario, message: $0.message) } ?? .passed
            return Run(outcome: outcome, seconds: seconds)
        }
    }

    private static func reports(in messages: [ReportChannel.Message]) -> [ReportChannel.Message] {
        messages.filter { $0.kind == GradingChild.reportKind }
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
