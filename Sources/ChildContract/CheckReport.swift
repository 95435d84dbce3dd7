import Foundation

/// The outcome of running one exercise's check: the judge's verdict.
///
/// It is `Codable` because the judge (`workbook-judge`, a process of its own) writes it as
/// one line on its standard error, which nothing of the learner's reaches, and the workbook
/// reads it there (``verdict(in:)``). Every text in it can quote what a learner's code sent,
/// so the line written is ``bounded``.
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
    /// Why the check could not finish, and in which scenario.
    public var lost: Lost?

    /// How a check lost its grading program before it finished.
    public struct Lost: Codable, Equatable {
        public enum Reason: String, Codable {
            /// The program ended: how it ended (a crash, an `exit`) decides the grade.
            case ended
            /// The program stopped answering within the time limit.
            case stoppedAnswering
            /// The program answered what no implementation of the exercise answers.
            case misbehaved
        }
        public var reason: Reason
        public var scenario: String
        /// What it did, for ``Reason/misbehaved``.
        public var detail: String

        public init(_ reason: Reason, scenario: String, detail: String = "") {
            self.reason = reason
            self.scenario = scenario
            self.detail = detail
        }
    }

    public init(exercise: String, passed: [String], failure: Failure?, lost: Lost? = nil) {
        self.exercise = exercise
        self.passed = passed
        self.failure = failure
        self.lost = lost
    }

    public var succeeded: Bool { failure == nil && lost == nil }

    /// One line for a learner: the rule that broke, then what happened.
    public var failureSummary: String? {
        failure.map { "\($0.scenario): \($0.message)" }
    }

    /// What stands before the verdict on the judge's standard error.
    public static let verdictPrefix = "workbook-verdict "

    /// The most of a message or a scenario's name a verdict carries, in UTF-8 bytes.
    public static let textLimit = 8 * 1024
    /// The most scenario names a verdict lists as passed.
    public static let passedLimit = 256

    /// The same report within ``textLimit`` and ``passedLimit``: a message can quote what a
    /// learner's code sent (megabytes of it), and the verdict must reach the workbook whole.
    public var bounded: CheckReport {
        func cut(_ text: String) -> String { TextCut.keepingStart(of: text, within: Self.textLimit) }
        var report = self
        report.exercise = cut(exercise)
        report.passed = passed.prefix(Self.passedLimit).map { TextCut.keepingStart(of: $0, within: 256) }
        report.failure = failure.map { Failure(scenario: cut($0.scenario), message: cut($0.message)) }
        report.lost = lost.map { Lost($0.reason, scenario: cut($0.scenario), detail: cut($0.detail)) }
        return report
    }

    /// The verdict line a judge writes: the report within its bounds, on one line.
    public var verdictLine: String {
        Self.verdictPrefix + String(decoding: (try? JSONEncoder().encode(bounded)) ?? Data(), as: UTF8.self)
    }

    /// The most a verdict line can be: what the workbook keeps of a judge's standard error.
    public static let verdictLineLimit = 1 << 20

    /// The verdict in a judge's standard error, if it wrote one.
    public static func verdict(in standardError: String) -> CheckReport? {
        // The judge writes one verdict, once. A second is someone else's (a program that
        // reached the judge's standard error, as it can without a sandbox): then there is none.
        let verdicts = standardError.split(separator: "\n").filter { $0.hasPrefix(verdictPrefix) }
        guard verdicts.count == 1, let line = verdicts.first else { return nil }
        return try? JSONDecoder().decode(CheckReport.self, from: Data(line.dropFirst(verdictPrefix.count).utf8))
    }
}
