import ExerciseCatalog
import TerminalUI
import Grading
import GradeRecords
import GradeDisplay

/// The exercises table of `workbook list`: name, chapter, and what is known of its
/// state without grading (see ``ExerciseRecords/knownState(of:)``).
public struct ExerciseList {
    public var workspace: ExerciseWorkspace

    public init(workspace: ExerciseWorkspace) {
        self.workspace = workspace
    }

    public var lines: [StyledLine] {
        let records = ExerciseRecords(workspace: workspace)
        let exercises = ExerciseManifest.all
        let nameWidth = exercises.map(\.name.count).max() ?? 0
        let chapterWidth = exercises.map(\.chapter.count).max() ?? 0
        var lines: [StyledLine] = [[Span("Exercises", TextStyle(bold: true))]]
        for exercise in exercises {
            let state = records.knownState(of: exercise)
            let style = state == ExerciseState.passed.rawValue ? ExerciseStyles.passed
                : state == ExerciseState.notStarted.rawValue ? ExerciseStyles.notStarted : ExerciseStyles.broken
            lines.append([
                Span("  " + exercise.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)),
                Span("  " + exercise.chapter.padding(toLength: chapterWidth, withPad: " ", startingAt: 0)),
                Span("  " + state, style),
            ])
        }
        return lines
    }
}
