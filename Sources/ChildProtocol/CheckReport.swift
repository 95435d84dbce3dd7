/// The outcome of running one ``ExerciseCheck``.
///
/// It is `Codable` because `workbook grade` runs each check in a child process that sends
/// its report back on a private channel (see ``GradingChild`` and ``ReportChannel``).
public struct CheckReport: Codable, Equatable {
    /// A scenario that did not hold, and what the learner's code did instead.
    public struct Failure: Codable, Equatable {
        public var scenario: String
        public var message: String

        public init(scenario: String, message: String) {
            self.scenario = scenario
            self.message = message
        }
    }

    public var exercise: String
    /// The scenarios that held, in order, before the first failure.
    public var passed: [String]
    public var failure: Failure?

    public init(exercise: String, passed: [String], failure: Failure?) {
        self.exercise = exercise
        self.passed = passed
        self.failure = failure
    }

    public var succeeded: Bool { failure == nil }

    /// One line for a learner: the rule that broke, then what happened.
    public var failureSummary: String? {
        failure.map { "\($0.scenario): \($0.message)" }
    }
}
