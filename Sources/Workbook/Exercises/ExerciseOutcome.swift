import ExerciseChecks

/// How one exercise stands after grading.
///
/// Every way an exercise can go wrong is its own case, so a report can say precisely what
/// happened to each exercise, and a broken one never masks the others.
public enum ExerciseOutcome: Equatable {
    /// The file is still the pristine stub.
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

    /// The state as the grade table and the JSON name it.
    public var label: String {
        switch self {
        case .notStarted: return "not started"
        case .passed: return "passed"
        case .failed: return "failed"
        case .doesNotCompile: return "does not compile"
        case .crashed: return "crashed"
        case .timedOut: return "timed out"
        }
    }

    /// One line of explanation, where there is one.
    public var detail: String? {
        switch self {
        case .notStarted, .passed: return nil
        case .failed(let scenario, let message): return "\(scenario): \(message)"
        case .doesNotCompile(let error): return error
        case .crashed(let message): return message
        case .timedOut(let seconds): return "still running after \(formatSeconds(seconds)) s; look for a loop that never ends or a demand that never runs out"
        }
    }

    public var isPassed: Bool { self == .passed }
}

/// One exercise and how it stands.
public struct ExerciseResult: Equatable {
    public var exercise: Exercise
    public var outcome: ExerciseOutcome
    /// Wall-clock seconds the check ran, when it ran.
    public var seconds: Double?

    public init(exercise: Exercise, outcome: ExerciseOutcome, seconds: Double? = nil) {
        self.exercise = exercise
        self.outcome = outcome
        self.seconds = seconds
    }
}

func formatSeconds(_ seconds: Double) -> String {
    String(format: "%.1f", seconds)
}
