import ExerciseCatalog
import Grading
import TerminalUI
import WorkbookBasics
import GradeRecords
import GradeDisplay

/// What `workbook grade` prints: one row per exercise (name, chapter, state, and the first
/// message, compiler error or crash), then a count per state.
public struct GradeTable {
    public var results: [ExerciseResult]
    public var terminal: Terminal

    public init(results: [ExerciseResult], terminal: Terminal) {
        self.results = results
        self.terminal = terminal
    }

    public var text: String {
        let nameWidth = max(8, results.map(\.exercise.name.count).max() ?? 0)
        let chapterWidth = max(7, results.map(\.exercise.chapter.count).max() ?? 0)
        let stateWidth = 16
        var lines: [StyledLine] = [[Span(
            pad("exercise", nameWidth) + "  " + pad("chapter", chapterWidth) + "  " + pad("state", stateWidth) + "  detail",
            TextStyle(bold: true))]]
        for result in results {
            let state = ExerciseStyles.style(of: result.outcome)
            var line: StyledLine = [Span(pad(result.exercise.name, nameWidth) + "  " + pad(result.exercise.chapter, chapterWidth) + "  ")]
            if let detail = result.outcome.detail {
                line += [Span(pad(VisibleEscapes.terminalLine(result.labelWithFlags), stateWidth), state), Span("  " + VisibleEscapes.terminalLine(detail))]
            } else {
                line.append(Span(VisibleEscapes.terminalLine(result.labelWithFlags), state))
            }
            lines.append(line)
        }
        lines.append([])
        lines.append([Span(summary)])
        return lines.map { terminal.render($0) + "\n" }.joined()
    }

    /// "8 exercises: 2 passed, 1 failed, 5 not started".
    public var summary: String {
        let counts = ExerciseState.reportOrder.compactMap { state -> String? in
            let count = results.filter { $0.outcome.state == state }.count
            return count == 0 ? nil : "\(count) \(state.rawValue)"
        }
        return "\(results.count) exercises: \(counts.joined(separator: ", "))"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
    }
}
