import ExerciseChecks
import Foundation

/// Runs the checks of built exercises, each in its own process under a time limit, and
/// reads how each one ended: its report (passed, failed), a trap (crashed) or the limit
/// (timed out).
struct CheckRunner {
    let package: GradingPackage
    /// Seconds one check may run.
    let timeLimit: Double
    let log: (String) -> Void
    let runProgram: (ChildProcess) throws -> ChildProcess.Result

    struct Run {
        var outcome: ExerciseOutcome
        var seconds: Double?
    }

    /// Runs each exercise's check in its own process, two at a time; the runs come back in
    /// the order of the package's exercises.
    func run() -> [Run] {
        let exercises = package.exercises
        guard !exercises.isEmpty else { return [] }
        log("running \(exercises.count) check\(exercises.count == 1 ? "" : "s")…")
        let runs = Slots<Run>(count: exercises.count)
        let next = DispatchSemaphore(value: 2)
        let group = DispatchGroup()
        for (index, exercise) in exercises.enumerated() {
            next.wait()
            DispatchQueue.global().async(group: group) {
                runs[index] = runCheck(exercise)
                next.signal()
            }
        }
        group.wait()
        return runs.values.map { $0 ?? Run(outcome: .crashed("the check did not run")) }
    }

    private func runCheck(_ exercise: Exercise) -> Run {
        let process = ChildProcess(package.executable(of: exercise).path, timeout: timeLimit)
        guard let result = try? runProgram(process) else {
            return Run(outcome: .crashed("the check's program could not be started"))
        }
        switch result.termination {
        case .timedOut:
            return Run(outcome: .timedOut(seconds: timeLimit), seconds: result.duration)
        case .exited, .signalled:
            guard let report = GradingProtocol.report(in: result.standardOutput) else {
                // A trap names its file by #fileID, "<module>/<file>": name the learner's file instead.
                let message = crashMessage(result).replacingOccurrences(
                    of: "\(GradingPackage.targetName(of: exercise))/\(exercise.name).swift", with: exercise.stubPath)
                return Run(outcome: .crashed(message), seconds: result.duration)
            }
            let outcome: ExerciseOutcome = report.failure.map { .failed(scenario: $0.scenario, message: $0.message) } ?? .passed
            return Run(outcome: outcome, seconds: result.duration)
        }
    }

    /// The trap's own message when the process printed one, else how it ended.
    private func crashMessage(_ result: ChildProcess.Result) -> String {
        let printedSomething = !result.standardError.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        let message = CrashMessage(standardError: result.standardError, termination: result.termination).text
        switch result.termination {
        case .signalled(let signal) where printedSomething:
            return "\(message) (\(signalName(signal)))"
        case .signalled(let signal):
            let overflow = signal == SIGSEGV ? " (a stack overflow, such as endless recursion, or a bad memory access)" : ""
            return "killed by \(signalName(signal))\(overflow)"
        case .exited(let status) where !printedSomething:
            return "exited with status \(status) before the check could report"
        case .exited, .timedOut:
            return message
        }
    }

    private func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGABRT: return "SIGABRT"
        case SIGSEGV: return "SIGSEGV"
        case SIGBUS: return "SIGBUS"
        case SIGKILL: return "SIGKILL"
        default: return "signal \(signal)"
        }
    }
}

/// Results filled in by concurrent workers, one slot each.
private final class Slots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    subscript(index: Int) -> Value? {
        get { lock.lock(); defer { lock.unlock() }; return slots[index] }
        set { lock.lock(); defer { lock.unlock() }; slots[index] = newValue }
    }

    var values: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
