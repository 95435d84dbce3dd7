/// How running one scenario ended, before its output is compared with the chapter's.
public enum ScenarioOutcome: Equatable, Sendable {
    /// It returned; this is everything it printed.
    case finished(output: String)
    /// It took its host process down: `message` is the trap's message (`Fatal error: …`)
    /// or how the process ended; `output` what it printed first.
    case crashed(message: String, output: String)
    /// It ran past the time limit and was stopped.
    case timedOut(output: String)
    /// No compiled scenario has this ID: the scenarios were generated before the chapter changed.
    case missing

    /// Whatever the scenario printed, however it ended.
    public var output: String {
        switch self {
        case .finished(let output), .crashed(_, let output), .timedOut(let output): return output
        case .missing: return ""
        }
    }
}
