import ExerciseCatalog

/// The state an exercise ends in, as tables, JSON, CSV and JUnit name it.
public enum ExerciseState: String, Codable, CaseIterable, Sendable {
    case notStarted = "not started"
    case passed
    case failed
    case doesNotCompile = "does not compile"
    case crashed
    case timedOut = "timed out"
    case exitedEarly = "exited early"

    /// The order states are counted in: the good news first, then what to fix.
    public static let reportOrder: [ExerciseState] = [.passed, .failed, .doesNotCompile, .crashed, .timedOut, .exitedEarly, .notStarted]
}

/// How one exercise stands after grading.
///
/// Every way an exercise can go wrong is its own case, so a report can say precisely what
/// happened to each exercise, and a broken one never masks the others.
public enum ExerciseOutcome: Equatable, Sendable {
    /// The file is still the stub.
    case notStarted
    case passed
    /// The check ran and a scenario did not hold.
    case failed(scenario: String, message: String)
    /// The first compiler error, as `file:line:column: error: message`.
    case doesNotCompile(String)
    /// The check's process died: the trap's message, or the signal.
    case crashed(String)
    /// The check's process ran past the time limit and was stopped.
    case timedOut(seconds: Double)
    /// The check's process ended (an `exit` call in the exercise) before its check reported.
    case exitedEarly(status: Int32)

    public var state: ExerciseState {
        switch self {
        case .notStarted: return .notStarted
        case .passed: return .passed
        case .failed: return .failed
        case .doesNotCompile: return .doesNotCompile
        case .crashed: return .crashed
        case .timedOut: return .timedOut
        case .exitedEarly: return .exitedEarly
        }
    }

    /// The state as the grade table and the JSON name it.
    public var label: String { state.rawValue }

    /// One line of explanation, where there is one.
    public var detail: String? {
        switch self {
        case .notStarted, .passed: return nil
        case .failed(let scenario, let message): return "\(scenario): \(message)"
        case .doesNotCompile(let error): return error
        case .crashed(let message): return message
        case .timedOut(let seconds): return "still running after \(formatSeconds(seconds)) s; look for a loop that never ends or a demand that never runs out"
        case .exitedEarly(let status): return "the program ended (exit status \(status)) before the check could finish; look for a call to exit() in your code"
        }
    }

    public var isPassed: Bool { self == .passed }
}

/// One exercise and how it stands.
public struct ExerciseResult: Equatable, Sendable {
    public var exercise: Exercise
    public var outcome: ExerciseOutcome
    /// Wall-clock seconds the check ran, when it ran.
    public var seconds: Double?
    /// What an instructor should look at before trusting the outcome: constructs that no
    /// exercise needs but a forger does, each with its place ("uses dlsym at
    /// Exercises/Pager.swift:12"). Empty for an ordinary file.
    public var flags: [String]
    /// The seed the judge drew this run's values and demands from, when the check ran.
    public var seed: UInt64?

    public init(exercise: Exercise, outcome: ExerciseOutcome, seconds: Double? = nil, flags: [String] = [], seed: UInt64? = nil) {
        self.exercise = exercise
        self.outcome = outcome
        self.seconds = seconds
        self.flags = flags
        self.seed = seed
    }

    /// The state as a table shows it: "passed (flagged for review: uses dlsym at X.swift:12)".
    public var labelWithFlags: String {
        flags.isEmpty ? outcome.label : "\(outcome.label) (flagged for review: \(flags.joined(separator: "; ")))"
    }
}

func formatSeconds(_ seconds: Double) -> String {
    String(format: "%.1f", seconds)
}
