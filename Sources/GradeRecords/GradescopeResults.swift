import ExerciseCatalog
import Foundation
import WorkbookBasics

/// The record as Gradescope's autograder results (`/autograder/results/results.json`, see
/// https://gradescope-autograders.readthedocs.io/en/latest/specs/): one test per exercise
/// with its `name`, `score`, `max_score`, `status` and `output`, and the total `score`.
///
/// Gradescope grades one submission at a time, so the record must hold exactly one
/// student. Flags for review are in the test's output, its state shown as
/// "passed (flagged for review: …)", so the instructor sees them on Gradescope's page.
public enum GradescopeResults {
    struct Results: Encodable {
        var score: Int
        var output: String?
        var tests: [Test]
    }

    struct Test: Encodable {
        var name: String
        var number: String
        var score: Int
        var max_score: Int
        var status: String
        var output: String
        var tags: [String]
    }

    public static func json(_ record: GradeRecord) throws -> Data {
        guard record.students.count == 1, let student = record.students.first else {
            throw WorkbookError("--gradescope: Gradescope takes one submission's results, but this record holds \(record.students.count) students; grade one submission (a class folder with one student)")
        }
        let tests = zip(record.exercises, student.exercises).enumerated().map { index, pair in
            let (column, entry) = pair
            let passed = entry.state == .passed
            return Test(
                name: "\(column.name) (chapter \(column.chapter))", number: "\(index + 1)",
                score: passed ? column.points : 0, max_score: column.points,
                status: passed ? "passed" : "failed", output: output(of: entry), tags: [column.chapter])
        }
        let results = Results(
            score: record.score(of: student),
            output: student.notes.isEmpty ? nil : student.notes.joined(separator: "\n"),
            tests: tests)
        return try JSONEncoder.forFiles.encode(results)
    }

    /// The state, then what explains it, then how the learner checks it again themselves.
    private static func output(of entry: GradeRecord.Entry) -> String {
        var lines = [entry.labelWithFlags]
        if let detail = entry.detail { lines.append(detail) }
        if entry.state == .notStarted { lines.append("Edit Exercises/\(entry.name).swift to start it.") }
        if entry.state != .passed { lines.append("Check it yourself: swift run workbook check \(entry.name)") }
        return lines.joined(separator: "\n")
    }
}
