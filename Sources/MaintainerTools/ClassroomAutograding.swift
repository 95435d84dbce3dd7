import Course
import Foundation
import Grading
import WorkbookBasics

/// GitHub Classroom's `.github/classroom/autograding.json`, derived from the manifest: one
/// test per exercise, worth ``GradeRecord/pointsPerExercise``, run as
/// `workbook check <name>` (which exits non-zero unless the exercise passes).
///
/// Derived rather than written by hand so that adding an exercise stays one manifest
/// entry: `workbook dev classroom` writes the file, and `workbook dev check` fails when the
/// committed one no longer matches.
public struct ClassroomAutograding {
    public static let path = ".github/classroom/autograding.json"

    public var exercises: [Exercise]

    public init(exercises: [Exercise] = ExerciseManifest.all) {
        self.exercises = exercises
    }

    /// GitHub Classroom's field names; `timeout` is in minutes.
    struct Test: Encodable {
        var name: String
        var setup: String
        var run: String
        var input: String
        var output: String
        var comparison: String
        var timeout: Int
        var points: Int
    }

    struct File: Encodable {
        var tests: [Test]
    }

    public func json() throws -> Data {
        let tests = exercises.map {
            // The workflow builds `workbook` once before the tests, so each test only grades.
            Test(name: $0.name, setup: "", run: ".build/debug/workbook check \($0.name) --color never",
                 input: "", output: "", comparison: "included", timeout: 10, points: GradeRecord.pointsPerExercise)
        }
        return try JSONEncoder.forFiles.encode(File(tests: tests)) + Data("\n".utf8)
    }

    /// Empty when the committed file is what the manifest gives; else one line saying so.
    public func problems(in workspace: ExerciseWorkspace) throws -> [String] {
        let committed = FileManager.default.contents(atPath: workspace.url(Self.path).path)
        guard committed != (try json()) else { return [] }
        return ["\(Self.path) \(committed == nil ? "is missing" : "does not match the manifest"): run `swift run workbook dev classroom` and commit it"]
    }

    public func write(in workspace: ExerciseWorkspace) throws {
        let url = workspace.url(Self.path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try json().write(to: url)
        } catch {
            throw ExerciseError("cannot write \(Self.path): \(error.localizedDescription)")
        }
    }
}
