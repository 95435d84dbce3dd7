import ExerciseCatalog
import Foundation
import TerminalUI
import WorkbookBasics
import GradeRecords

/// A class's grades as the terminal shows them, drawn from the one ``GradeRecord``:
/// one row per student, one column per exercise (a symbol per state, with a legend) and a
/// total, then each student's notes (files that run when the folder is opened, problems),
/// messages and flags for review.
public struct ClassReport {
    public var record: GradeRecord

    public init(record: GradeRecord) {
        self.record = record
    }

    static let symbols: [ExerciseState: String] = [
        .passed: "✔", .failed: "✘", .doesNotCompile: "C", .crashed: "!", .timedOut: "T", .exitedEarly: "E", .notStarted: "·",
    ]

    /// Student names, messages and flags hold what students wrote (folder names, compiler
    /// and trap messages): each is escaped to one visible line first (``VisibleEscapes``),
    /// and a name so that it reads unlike every other (``GradeRecord/Student/displayName``).
    public func table(terminal: Terminal) -> String {
        let exercises = record.exercises
        let names = record.students.map(\.displayName)
        let nameWidth = max(7, names.map(\.count).max() ?? 0)
        // Each exercise's column is as wide as its name, so the header reads across.
        var lines: [StyledLine] = [[Span(pad("student", nameWidth) + "  " + exercises.map(\.name).joined(separator: "  ") + "  total", TextStyle(bold: true))]]
        for (student, name) in zip(record.students, names) {
            var line: StyledLine = [Span(pad(name, nameWidth) + "  ")]
            for (column, entry) in zip(exercises, student.exercises) {
                let symbol = (Self.symbols[entry.state] ?? "?") + (entry.flags.isEmpty ? " " : "?")
                line.append(Span(symbol, ExerciseStyles.style(of: entry.state)))
                line.append(Span(String(repeating: " ", count: max(0, column.name.count - 2) + 2)))
            }
            line.append(Span("\(student.passed)/\(exercises.count)"))
            lines.append(line)
        }
        lines.append([])
        let legend = ExerciseState.reportOrder.map { "\(Self.symbols[$0] ?? "?") \($0.rawValue)" } + ["? flagged for review"]
        lines.append([Span(legend.joined(separator: "   "), ExerciseStyles.notStarted)])
        for (student, name) in zip(record.students, names) {
            let notes = student.notes + student.exercises.compactMap { entry -> String? in
                guard entry.detail != nil || !entry.flags.isEmpty else { return nil }
                return "\(entry.name): \(entry.labelWithFlags)" + (entry.detail.map { ": \($0)" } ?? "")
            }
            guard !notes.isEmpty else { continue }
            lines.append([])
            lines.append([Span(name, TextStyle(bold: true))])
            lines += notes.map { [Span("  " + VisibleEscapes.terminalLine($0))] }
        }
        return lines.map { terminal.render($0) + "\n" }.joined()
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
    }
}
