import TerminalUI
import GradeRecords

/// The colours of exercise states, shared by `check` and `grade`.
package enum ExerciseStyles {
    package static let passed = TextStyle(color: .green, bold: true)
    package static let broken = TextStyle(color: .red, bold: true)
    package static let notStarted = TextStyle(color: .lightBlack)
    package static let command = TextStyle(color: .yellow)

    package static func style(of outcome: ExerciseOutcome) -> TextStyle {
        style(of: outcome.state)
    }

    package static func style(of state: ExerciseState) -> TextStyle {
        switch state {
        case .passed: return passed
        case .notStarted: return notStarted
        default: return broken
        }
    }
}
