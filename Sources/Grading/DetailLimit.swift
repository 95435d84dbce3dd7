import ChildContract
import ExerciseCatalog
import GradeRecords

/// The most a grade's message may hold.
///
/// A message is the compiler's first error or a trap's text, and a learner decides both: a
/// type name whose printing is exponential makes one error line megabytes long, and every
/// report (the table, JSON, CSV, Gradescope) would carry it. What explains a grade fits in
/// a few lines, so a longer message keeps its start and says how much was cut.
enum DetailLimit {
    static let bytes = 8 * 1024

    /// `text` when it fits, else its first characters within the limit and a note.
    static func cut(_ text: String, to limit: Int = bytes) -> String {
        TextCut.keepingStart(of: text, within: limit)
    }
}

extension ExerciseOutcome {
    /// The same outcome, its message within ``DetailLimit``.
    var withDetailLimited: ExerciseOutcome {
        switch self {
        case .failed(let scenario, let message): return .failed(scenario: DetailLimit.cut(scenario, to: 1024), message: DetailLimit.cut(message))
        case .doesNotCompile(let error): return .doesNotCompile(DetailLimit.cut(error))
        case .crashed(let message): return .crashed(DetailLimit.cut(message))
        case .notStarted, .passed, .timedOut, .exitedEarly: return self
        }
    }
}
