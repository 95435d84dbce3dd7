import Course
import Foundation
import Testing
@testable import Grading
@testable import MaintainerTools
@testable import WorkbookBasics

/// The files a classroom depends on stay derived from the manifest and the stubs.
@Suite struct ClassroomFilesTests {
    @Test func committedExercisesMustBeTheStubsAndThePackageMustBeThere() throws {
        let workbook = try TemporaryWorkbook(exercises: [.named("Chunks"), .named("Countdown")])
        let check = CommittedExercisesCheck(workspace: workbook.workspace, exercises: [.named("Chunks"), .named("Countdown")])
        #expect(check.problems() == ["Exercises/Package.swift is missing: editors need it to see the workbook's modules"])
        try workbook.write("// package\n", to: "Exercises/Package.swift")
        #expect(check.problems().isEmpty)
        try workbook.start(.named("Chunks"))
        try FileManager.default.removeItem(at: workbook.root.appendingPathComponent("Exercises/Countdown.swift"))
        let problems = check.problems()
        #expect(problems.count == 2)
        #expect(problems[0].hasPrefix("Exercises/Chunks.swift differs from Sources/ExerciseStubs/Chunks.swift"))
        #expect(problems[1].hasPrefix("Exercises/Countdown.swift is missing"))
    }

    @Test func autogradingHasOneTestPerExerciseAndNoticesDrift() throws {
        let workbook = try TemporaryWorkbook(exercises: [])
        let autograding = ClassroomAutograding(exercises: [.named("MyAssign"), .named("Chunks")])
        #expect(try autograding.problems(in: workbook.workspace).first?.contains("is missing") == true)
        try autograding.write(in: workbook.workspace)
        #expect(try autograding.problems(in: workbook.workspace).isEmpty)
        let tests = try #require(try JSONSerialization.jsonObject(with: autograding.json()) as? [String: Any])["tests"] as? [[String: Any]]
        #expect(tests?.map { $0["name"] as? String } == ["MyAssign", "Chunks"])
        #expect(tests?.first?["points"] as? Int == GradeRecord.pointsPerExercise)
        let grown = ClassroomAutograding(exercises: [.named("MyAssign"), .named("Chunks"), .named("Pager")])
        #expect(try grown.problems(in: workbook.workspace) == [".github/classroom/autograding.json does not match the manifest: run `swift run workbook dev classroom` and commit it"])
    }

    /// A test that uses a type declared by a test the edition drops is dropped too, so the
    /// declaration must be found behind any attributes, arguments and all.
    @Test func aDeclaredTypeIsFoundBehindItsAttributes() {
        let text = """
            @Suite(.serialized, .tags(.slow), .slow) struct Hostile {}
            @Suite("Forged streams", .serialized, .tags(.slow)) final class Forged {}
            @available(macOS 12, *)
            enum Plain {}
            let notAType = 1
            """
        #expect(StudentEdition.declaredTypes(in: text) == ["Hostile", "Forged", "Plain"])
    }

    @Test func theEditionManifestDropsTheSolutionTargetsOrRefusesToGuess() throws {
        // The shape of the root Package.swift (read from a string: in the student edition
        // the real one no longer declares these targets).
        let manifest = """
            targets: [
                .target(name: "ExerciseStubs", dependencies: ["Backpressure", combine, schedulers]),
                .target(name: "Solutions", dependencies: ["Backpressure", combine, schedulers]),
                .testTarget(name: "SolutionTests", dependencies: ["Workbook", "ExerciseChecks"]),
            ]
            """
        let edition = try StudentEdition.editionManifest(manifest)
        #expect(!edition.contains(#"name: "Solutions""#))
        #expect(!edition.contains(#"name: "SolutionTests""#))
        #expect(edition.contains(#"name: "ExerciseStubs""#))
        #expect(throws: ExerciseError.self) { try StudentEdition.editionManifest("let package = Package(name: \"X\")\n") }
    }
}
