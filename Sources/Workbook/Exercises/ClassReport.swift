import Course
import Foundation

/// A class's grades: what `workbook grade --submissions` prints and exports.
///
/// The table has one row per student, one column per exercise (a symbol per state, with
/// a legend) and a total; the exports carry every state with its message.
public struct ClassReport {
    public struct Row {
        public var student: String
        public var results: [ExerciseResult]
        public var problems: [String]

        public init(student: String, results: [ExerciseResult], problems: [String]) {
            self.student = student
            self.results = results
            self.problems = problems
        }

        public var passed: Int { results.filter(\.outcome.isPassed).count }
    }

    public var exercises: [Exercise]
    public var rows: [Row]

    public init(exercises: [Exercise], rows: [Row]) {
        self.exercises = exercises
        self.rows = rows
    }

    static let symbols: [ExerciseState: String] = [
        .passed: "✔", .failed: "✘", .doesNotCompile: "C", .crashed: "!", .timedOut: "T", .exitedEarly: "E", .notStarted: "·",
    ]

    /// The table, then each student's problems and messages.
    public func table(terminal: Terminal) -> String {
        let nameWidth = max(7, rows.map(\.student.count).max() ?? 0)
        // Each exercise's column is as wide as its name, so the header reads across.
        var lines: [StyledLine] = [[Span(pad("student", nameWidth) + "  " + exercises.map(\.name).joined(separator: "  ") + "  total", TextStyle(bold: true))]]
        for row in rows {
            var line: StyledLine = [Span(pad(row.student, nameWidth) + "  ")]
            for (exercise, result) in zip(exercises, row.results) {
                let symbol = Self.symbols[result.outcome.state] ?? "?"
                line.append(Span(symbol, ExerciseStyles.style(of: result.outcome)))
                line.append(Span(String(repeating: " ", count: exercise.name.count - 1 + 2)))
            }
            line.append(Span("\(row.passed)/\(exercises.count)"))
            lines.append(line)
        }
        lines.append([])
        lines.append([Span(ExerciseState.reportOrder.map { "\(Self.symbols[$0] ?? "?") \($0.rawValue)" }.joined(separator: "   "), ExerciseStyles.notStarted)])
        for row in rows {
            let notes = row.problems + zip(exercises, row.results).compactMap { exercise, result in
                result.outcome.detail.map { "\(exercise.name): \(result.outcome.label): \($0)" }
            } + zip(exercises, row.results).compactMap { exercise, result in
                result.flags.isEmpty ? nil : "\(exercise.name): \(result.labelWithFlags)"
            }
            guard !notes.isEmpty else { continue }
            lines.append([])
            lines.append([Span(row.student, TextStyle(bold: true))])
            lines += notes.map { [Span("  " + $0)] }
        }
        return lines.map { terminal.render($0) + "\n" }.joined()
    }

    private struct JSONReport: Encodable {
        struct Student: Encodable {
            var name: String
            var exercises: [Exercise]
            var problems: [String]
        }
        struct Exercise: Encodable {
            var name: String
            var state: ExerciseState
            var message: String
            /// What the instructor should review (see ``ExerciseResult/flags``).
            var flags: [String]
        }
        var students: [Student]
    }

    /// `{"students": [{"name": …, "exercises": [{"name", "state", "message", "flags"}], "problems": […]}]}`.
    public func json() throws -> Data {
        let report = JSONReport(students: rows.map { row in
            JSONReport.Student(
                name: row.student,
                exercises: row.results.map { .init(name: $0.exercise.name, state: $0.outcome.state, message: $0.outcome.detail ?? "", flags: $0.flags) },
                problems: row.problems)
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(report)
    }

    /// One row per student: the name, each exercise's state, the number passed. RFC 4180
    /// quoting, for any gradebook.
    public func csv() -> Data {
        var lines = [(["student"] + exercises.map(\.name) + ["passed", "total"]).map(Self.csvField).joined(separator: ",")]
        for row in rows {
            let fields = [row.student] + row.results.map(\.labelWithFlags) + ["\(row.passed)", "\(exercises.count)"]
            lines.append(fields.map(Self.csvField).joined(separator: ","))
        }
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { ",\"\r\n".contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One `<testsuite>` per student (see ``GradeExport/junit(_:)``).
    public func junit() -> Data {
        GradeExport.junit(suites: rows.map { (name: $0.student, results: $0.results) })
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
    }
}
