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
    /// Folders the programs must not see: the workbook, the class folder, `HOME`.
    let hidden: [URL]
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
        let kitFingerprint = ProgramFingerprint(compiler.kit.library)
        return jobs.mapTwoAtATime { job, fingerprint in
            defer { progress?.advance("running checks", of: jobs.count) }
            // The program and the kit are the files that were built, or they are not run.
            guard let fingerprint, ProgramFingerprint(compiler.program(of: job)) == fingerprint,
                  ProgramFingerprint(compiler.kit.library) == kitFingerprint else {
                return Run(outcome: .crashed("the grading program changed after it was built, so it was not run"))
            }
            return runCheck(job)
        }
    }

    private func runCheck(_ job: GradingJob) -> Run {
        let nonce = ReportChannel.newNonce()
        var process = ChildProcess(compiler.program(of: job).path, standardInput: ReportChannel.handshake(nonce: nonce),
                                   workingDirectory: compiler.folder(of: job), timeout: timeLimit)
        process.outputLimit = Self.outputLimit
        let limits = Sandbox.Limits(cpuSeconds: Int(timeLimit.rounded(.up)) + 1)
        let sandboxed = sandbox.wrap(process, limits: limits, readable: [compiler.folder(of: job), compiler.kit.buildFolder], hidden: hidden)
        guard var result = try? runProgram(sandboxed) else {
            return Run(outcome: .crashed("the check's program could not be started"))
        }
        // Bubblewrap's init ends with 128 plus the signal that ended the program in it.
        if case .bubblewrap = sandbox.kind, case .exited(let status) = result.termination, (129...192).contains(status) {
            result.termination = .signalled(status - 128)
        }
        let reports = ReportChannel.messages(in: result.standardOutputData, nonce: nonce).filter { $0.kind == GradingChild.reportKind }
        switch result.termination {
        case .timedOut:
            return Run(outcome: .timedOut(seconds: timeLimit), seconds: result.duration)
        case .exited where reports.count == 1:
            guard let report = try? JSONDecoder().decode(CheckReport.self, from: reports[0].payload) else {
                return Run(outcome: .crashed("the check's report could not be read"), seconds: result.duration)
            }
            let outcome: ExerciseOutcome = report.failure.map { .failed(scenario: $0.scenario, message: $0.message) } ?? .passed
            return Run(outcome: outcome, seconds: result.duration)
        case .exited where reports.count > 1:
            return Run(outcome: .failed(scenario: "grading", message: "the program sent more than one report: something besides the check wrote to the workbook's private channel"), seconds: result.duration)
        case .exited(let status):
            return Run(outcome: .exitedEarly(status: status), seconds: result.duration)
        case .signalled(let signal) where signal == SIGXCPU:
            return Run(outcome: .timedOut(seconds: timeLimit), seconds: result.duration)
        case .signalled:
            // A trap names its file by #fileID, "<module>/<file>": name the learner's file instead.
            let module = "Exercise_\(job.targetName)"
            let message = crashMessage(result)
                .replacingOccurrences(of: "\(module)/\(job.exercise.name).swift", with: job.sourceName)
                .replacingOccurrences(of: "\(module)/Exercise.swift", with: job.sourceName)
            return Run(outcome: .crashed(message), seconds: result.duration)
        }
    }

    /// The trap's own message when the process printed one, else how it ended.
    private func crashMessage(_ result: ChildProcess.Result) -> String {
        let message = CrashMessage(standardError: result.standardError, termination: result.termination)
        guard case .signalled(let signal) = result.termination else { return message.text }
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
