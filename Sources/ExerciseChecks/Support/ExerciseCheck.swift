import Foundation

/// The check of one exercise: its scenarios, already bound to an implementation.
///
/// Each exercise's check type (``MyAssignCheck`` and friends) is generic over the code it
/// checks and produces an `ExerciseCheck`. A binding file feeds it the stub, the reference
/// solution or a learner's work, so the same check runs in `swift test` and in
/// `workbook grade`.
public struct ExerciseCheck {
    /// The exercise's name, as in the manifest and in `Exercises/<name>.swift`.
    public let exercise: String
    public let scenarios: [CheckScenario]

    public init(exercise: String, scenarios: [CheckScenario]) {
        self.exercise = exercise
        self.scenarios = scenarios
    }

    /// Runs the scenarios in order and stops at the first failure, the one to fix first.
    public func run() -> CheckReport {
        var passed: [String] = []
        for scenario in scenarios {
            if let failure = scenario.run() {
                return CheckReport(
                    exercise: exercise, passed: passed,
                    failure: .init(scenario: scenario.name, message: failure.message))
            }
            passed.append(scenario.name)
        }
        return CheckReport(exercise: exercise, passed: passed, failure: nil)
    }

    /// How long a check may take before it counts as hung. The checks themselves finish in
    /// milliseconds (their clocks are virtual), so only a learner's endless loop reaches it.
    public static let defaultTimeLimit: Double = 10

    /// Runs the scenarios on another thread and waits at most `timeLimit` seconds; `nil`
    /// means the implementation hung. The hung thread cannot be stopped, but the caller
    /// can report it and go on (a process that ends takes the thread with it).
    public func run(timeLimit: Double) -> CheckReport? {
        let finished = DispatchSemaphore(value: 0)
        let box = ReportBox()
        DispatchQueue.global().async {
            box.report = run()
            finished.signal()
        }
        guard finished.wait(timeout: .now() + timeLimit) == .success else { return nil }
        return box.report
    }
}

/// Carries a report from the checking thread; the semaphore orders the write before the read.
private final class ReportBox: @unchecked Sendable {
    var report: CheckReport?
}
