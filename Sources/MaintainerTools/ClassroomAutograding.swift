import ExerciseCatalog
import Foundation
import Grading
import WorkbookBasics
import GradeRecords

/// GitHub Classroom's `.github/classroom/autograding.json`, derived from the exercise list:
/// one test per exercise, worth its points, run as `workbook check <name>` (which exits
/// non-zero unless the exercise passes).
///
/// Derived rather than written by hand so that adding an exercise stays one entry in the
/// list: `workbook dev generate` writes the file with the rest of ``GeneratedFiles``, and
/// `workbook dev check` fails when the committed one no longer matches.
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
                 input: "", output: "", comparison: "included", timeout: 10, points: $0.points)
        }
        return try JSONEncoder.forFiles.encode(File(tests: tests)) + Data("\n".utf8)
    }
}
