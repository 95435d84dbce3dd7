import Foundation

/// The record as CSV for a gradebook: one row per student, each exercise's state (with
/// any flags for review), the number passed, the score, and last the warning about files
/// in the student's folder that an editor runs when it opens it (empty when none).
/// RFC 4180 quoting.
///
/// A student names their own folder, and so their cell: it holds the name as every grade
/// shows it (``GradeRecord/Student/displayName``), and a cell that a spreadsheet would
/// read as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage return) is
/// written after a `'`, which spreadsheets take as "this is text" (OWASP's advice on CSV
/// injection), so opening the gradebook runs nothing a student wrote.
public enum GradeCSV {
    public static func csv(_ record: GradeRecord) -> Data {
        let header = ["student"] + record.exercises.map(\.name) + ["passed", "exercises", "score", "max score", "runs when opened"]
        var lines = [header.map(field).joined(separator: ",")]
        for student in record.students {
            let fields = [student.displayName] + student.exercises.map(\.labelWithFlags)
                + ["\(student.passed)", "\(record.exercises.count)", "\(record.score(of: student))", "\(record.maxScore)",
                   student.runsWhenOpened?.note ?? ""]
            lines.append(fields.map(field).joined(separator: ","))
        }
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    static func field(_ text: String) -> String {
        let text = text.first.map { "=+-@\t\r".contains($0) } == true ? "'" + text : text
        guard text.contains(where: { ",\"\r\n".contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
