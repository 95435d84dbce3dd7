import ExerciseCatalog
import Grading
import TerminalUI
import WorkbookBasics
import GradeRecords
import GradeDisplay

/// What `workbook check` prints for a learner: each exercise's state with the check's
/// message under it, a count, and the next step, pointing at `workbook hint` for the
/// first exercise not yet solved.
///
/// The messages and the next step are prose, wrapped to the terminal's width by the same
/// ``TextWrapper`` that lays out `workbook read`, so a long message breaks between words
/// rather than wherever the terminal's edge falls; what a check drew under its message (a
/// timeline) keeps its own lines. The exercise rows are a table and stay one line each.
public struct CheckSummary {
    public var results: [ExerciseResult]
    /// Exercises whose file is still the stub (graded anyway when named alone).
    public var untouched: Set<String>
    public var hintsSeen: (Exercise) -> Int
    public var terminal: Terminal
    /// The latest result of every exercise, which the count and the next step are about when
    /// `results` are only those just checked (`workbook watch` after a save); nil: `results`.
    public var standing: [ExerciseResult]?

    public init(results: [ExerciseResult], untouched: Set<String>, hintsSeen: @escaping (Exercise) -> Int, terminal: Terminal) {
        self.results = results
        self.untouched = untouched
        self.hintsSeen = hintsSeen
        self.terminal = terminal
    }

    /// Where a check's message starts, under its exercise's name.
    static let messageIndent = "    "

    /// The longest state, "does not compile", and two spaces.
    static let labelWidth = 18

    public var allPassed: Bool { results.allSatisfy(\.outcome.isPassed) }

    public var text: String {
        let width = max(8, results.map(\.exercise.name.count).max() ?? 0)
        let wrapper = TextWrapper(width: terminal.width)
        var lines: [StyledLine] = []
        for result in results {
            let name = result.exercise.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let isUntouched = untouched.contains(result.exercise.name)
            let label = isUntouched ? "not started" : result.outcome.label
            let style = isUntouched ? ExerciseStyles.notStarted : ExerciseStyles.style(of: result.outcome)
            lines.append([Span(symbol(result, isUntouched), style), Span(" \(name)  "),
                          Span(label.padding(toLength: Self.labelWidth, withPad: " ", startingAt: 0), style),
                          Span(result.exercise.filePath, ExerciseStyles.notStarted)])
            if let detail = result.outcome.detail {
                let (prose, drawing) = Self.proseAndDrawing(of: result.outcome, detail: detail)
                let message = (isUntouched ? "the check says: " : "") + VisibleEscapes.terminalLine(prose)
                lines += wrapper.wrap([Span(message)], firstPrefix: [Span(Self.messageIndent)], prefix: [Span(Self.messageIndent)])
                lines += drawing.map { $0.isEmpty ? [] : [Span(Self.messageIndent + VisibleEscapes.terminalLine($0))] }
            }
        }
        lines.append([])
        let counted = standing ?? results
        let passed = counted.filter(\.outcome.isPassed).count
        lines.append([Span("\(passed) of \(counted.count) exercise\(counted.count == 1 ? "" : "s") solved.")])
        // After a pass, the next step is the first exercise not yet solved, whichever it is.
        let next = results.first(where: { !$0.outcome.isPassed }) ?? standing?.first(where: { !$0.outcome.isPassed })
        if let next {
            let exercise = next.exercise
            let verb = untouched.contains(exercise.name) ? "Start" : "Keep going with"
            lines += wrapper.wrap([
                Span("\(verb) \(exercise.name) (chapter \(exercise.chapter)): edit "),
                Span(exercise.filePath, keepsTogether: true),
                Span(", then "),
                Span("swift run workbook check \(exercise.name)", ExerciseStyles.command, keepsTogether: true),
            ])
            let seen = hintsSeen(exercise)
            let hintText = seen < exercise.hints.count
                ? "Stuck? hint \(seen + 1) of \(exercise.hints.count): " : "Stuck? all \(exercise.hints.count) hints seen, see them again: "
            lines += wrapper.wrap([Span(hintText), Span("swift run workbook hint \(exercise.name)", ExerciseStyles.command, keepsTogether: true)])
        }
        return lines.map { terminal.render($0) + "\n" }.joined()
    }

    /// A failed check's message is a sentence, then what it drew (the trace's timeline and
    /// the rules it broke), line by line: the sentence is wrapped like prose, and the
    /// drawing keeps its lines and columns. Whatever the learner's code chose in it (a
    /// value, an error) is already one line (`Trace.oneLine`), so a line break is the
    /// check's own. Every other message (a compile error, a trap) stays one line.
    static func proseAndDrawing(of outcome: ExerciseOutcome, detail: String) -> (prose: String, drawing: [String]) {
        guard case .failed = outcome else { return (detail, []) }
        var lines = detail.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let prose = lines.removeFirst()
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return (prose, lines)
    }

    private func symbol(_ result: ExerciseResult, _ isUntouched: Bool) -> String {
        if isUntouched { return "·" }
        return result.outcome.isPassed ? "✔" : "✘"
    }
}
