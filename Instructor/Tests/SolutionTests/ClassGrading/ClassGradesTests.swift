import ChildProcesses
import ExerciseCatalog
import Foundation
import Testing
@testable import Grading
@testable import WorkbookBasics
@testable import GradeRecords
@testable import ClassSubmissions
import WorkbookTestSupport

/// Grading a class with `swift test`, in the instructor's own tree:
///
///     swift build
///     WORKBOOK_CLASS=/path/to/class swift test --package-path Instructor \
///         --filter ClassGradesTests --xunit-output class.xml
///
/// One test case per student and exercise, each passing or failing with the grade. The
/// grading is `workbook grade --submissions`, run once for the whole class: every student's
/// file is built and run in the sandbox, and nothing of a submission but its
/// `<Exercise>.swift` files is read. A student's `Package.swift` is never evaluated, as
/// `swift test` run inside a student's clone would (that is for the learner, not for grading).
///
/// Without `WORKBOOK_CLASS` the test is skipped, with the reason.
@Suite(.serialized, .tags(.slow)) struct ClassGradesTests {
    @Test(.enabled(if: ClassUnderGrade.folder != nil, "grades a class: set WORKBOOK_CLASS to a folder of submissions (see docs/instructors.md)"),
          arguments: try ClassUnderGrade.cases())
    func grade(_ item: ClassUnderGrade.Case) async throws {
        let record = try await ClassUnderGrade.record.value
        let student = try #require(record.students.first { $0.id == StudentName(item.student) }, "\(item): not in the grade record")
        let entry = try #require(student.exercises.first { $0.name == item.exercise }, "\(item): not in the grade record")
        if entry.state != .passed {
            Issue.record(Comment(rawValue: ClassUnderGrade.line(item, entry)))
        } else if !entry.flags.isEmpty {
            Issue.record(Comment(rawValue: ClassUnderGrade.line(item, entry)), severity: .warning)
        }
    }
}

/// The class `WORKBOOK_CLASS` names, and its grades.
enum ClassUnderGrade {
    static let variable = "WORKBOOK_CLASS"

    static var folder: URL? {
        ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    }

    /// One student's one exercise: a test case. Shown with the student's name escaped, as
    /// every grade shows it.
    struct Case: Sendable, CustomTestStringConvertible {
        /// The student's folder's name, exactly.
        var student: String
        var exercise: String

        var testDescription: String { "\(VisibleEscapes.name(student)) · \(exercise)" }
    }

    /// Every student of the class (as `workbook grade` lists them) with every exercise; none
    /// without the variable. Read when the tests are listed, so it only lists the folder.
    static func cases() throws -> [Case] {
        guard let folder else { return [] }
        let roster = try ClassRoster(folder: folder, displayName: "\(variable)=\(folder.path)")
        return roster.students.flatMap { student in
            ExerciseManifest.all.map { Case(student: student.submission.name, exercise: $0.name) }
        }
    }

    /// The class's grade record, graded once however many cases ask.
    static let record = Task.detached { () throws -> GradeRecord in
        guard let folder else { throw WorkbookError("\(variable) is not set") }
        return try await offThePool { try grade(folder) }
    }

    /// `workbook grade --submissions folder`, in the sandbox, and the record it writes.
    static func grade(_ folder: URL) throws -> GradeRecord {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("class-grades-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: json) }
        // The first grading may build the grading kit from nothing: allow for it.
        let result = try ChildProcess(BuiltWorkbook.instructor, ["grade", "--submissions", folder.path, "--json", json.path, "--color", "never"],
                                      workingDirectory: BuiltWorkbook.packageRoot, timeout: 3600).run()
        guard result.succeeded, let data = FileManager.default.contents(atPath: json.path) else {
            let last = result.standardError.split(separator: "\n").last.map(String.init) ?? "no message"
            throw WorkbookError("workbook grade --submissions \(folder.path) \(result.termination): \(last)")
        }
        return try GradeRecord.read(data, name: json.path)
    }

    /// "carol\u{200B} · MyAssign: failed: …", as one line.
    static func line(_ item: Case, _ entry: GradeRecord.Entry) -> String {
        VisibleEscapes.terminalLine("\(item.testDescription): \(entry.labelWithFlags)" + (entry.detail.map { ": \($0)" } ?? ""))
    }
}
