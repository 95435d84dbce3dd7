import ExerciseCatalog
import TerminalUI
import Grading
import GradeDisplay

/// The exercises section of `workbook` with no arguments: how many are solved (as of the
/// last check, see ``ExerciseRecords``) and what to do next. Builds nothing, so it is instant.
public struct ExerciseProgress {
    public var workspace: ExerciseWorkspace

    public init(workspace: ExerciseWorkspace) {
        self.workspace = workspace
    }

    public var lines: [StyledLine] {
        let records = ExerciseRecords(workspace: workspace)
        let exercises = ExerciseManifest.all
        let solved = exercises.filter { records.lastState(of: $0) == .passed }
        var lines: [StyledLine] = [[Span("Exercises: \(solved.count) of \(exercises.count) solved", TextStyle(bold: true)),
                                    Span(" (as of the last `workbook check`)", ExerciseStyles.notStarted)]]
        guard let next = exercises.first(where: { !solved.contains($0) }) else {
            lines.append([Span("  All solved. `swift run workbook grade` shows the whole table.")])
            return lines
        }
        lines.append([Span("  Next: \(next.name) (chapter \(next.chapter), \(records.knownState(of: next))): edit \(next.filePath), then "),
                      Span("swift run workbook check \(next.name)", ExerciseStyles.command)])
        return lines
    }
}
