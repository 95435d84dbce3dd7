import ChildContract
import Foundation

/// The check of one exercise: its scenarios, already bound to an implementation.
///
/// Each exercise's check type (``MyAssignCheck`` and friends) is generic over the code it
/// checks and produces an `ExerciseCheck`. In grading, the judge (`workbook-judge`, outside
/// the sandbox) binds it to proxies of the learner's objects, which live in a grading
/// program of their own; the check's logic never runs in the learner's process.
public struct ExerciseCheck {
    /// The exercise's name, as in the exercise list and in `Exercises/<name>.swift`.
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
            CheckProgress.current = scenario.name
            CheckProgress.passed = passed
            if let failure = scenario.run() {
                return CheckReport(
                    exercise: exercise, passed: passed,
                    failure: .init(scenario: scenario.name, message: failure.message))
            }
            passed.append(scenario.name)
        }
        return CheckReport(exercise: exercise, passed: passed, failure: nil)
    }
}

/// How far the running check has come, for a verdict written when its program ends midway.
public enum CheckProgress {
    nonisolated(unsafe) public static var current = "starting"
    nonisolated(unsafe) public static var passed: [String] = []
}
