import Course
import Foundation
import Testing
@testable import Grading
@testable import MaintainerTools
@testable import WorkbookBasics

/// The files a classroom depends on stay derived from the exercise list and the stubs.
@Suite struct ClassroomFilesTests {
    @Test func theDriftCheckNamesEachGeneratedFileThatDifferedAndGenerateMendsThem() throws {
        let exercises: [Exercise] = [.named("Chunks"), .named("Countdown")]
        let workbook = try TemporaryWorkbook(exercises: exercises)
        let files = GeneratedFiles(workspace: workbook.workspace, exercises: exercises)
        #expect(try files.drift() == [
            ".github/classroom/autograding.json is missing: run `swift run workbook dev generate` and commit it",
            "Exercises/Package.swift is missing: editors need it to see the workbook's modules (`git checkout -- Exercises/Package.swift`)",
        ])
        try workbook.write("// package\n", to: "Exercises/Package.swift")
        try workbook.start(.named("Chunks"))
        try FileManager.default.removeItem(at: workbook.root.appendingPathComponent("Exercises/Countdown.swift"))
        let drift = try files.drift()
        #expect(drift.count == 3)
        #expect(drift[0].hasPrefix("Exercises/Chunks.swift differs from Sources/ExerciseStubs/Chunks.swift"))
        #expect(drift[1] == "Exercises/Countdown.swift is missing: run `swift run workbook dev generate` and commit it")
        #expect(drift[2].hasPrefix(".github/classroom/autograding.json is missing"))

        #expect(try files.write() == [
            "Exercises/Chunks.swift (the edited version is kept in Exercises/.backup/Chunks.swift)",
            "Exercises/Countdown.swift",
            ".github/classroom/autograding.json",
        ])
        #expect(try files.drift().isEmpty)
        #expect(workbook.read("Exercises/Countdown.swift") == workbook.read("Sources/ExerciseStubs/Countdown.swift"))
        #expect(workbook.read("Exercises/.backup/Chunks.swift") == "// my work\n")
        #expect(try files.write().isEmpty)
    }

    @Test func autogradingHasOneTestPerExerciseWorthItsPoints() throws {
        let exercises = [Exercise.named("MyAssign"), Exercise(name: "Big", chapter: "04-amb", summary: "s", hints: ["h"], points: 25)]
        let json = try ClassroomAutograding(exercises: exercises).json()
        let tests = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])["tests"] as? [[String: Any]]
        #expect(tests?.map { $0["name"] as? String } == ["MyAssign", "Big"])
        #expect(tests?.map { $0["points"] as? Int } == [Exercise.named("MyAssign").points, 25])
        #expect(tests?.last?["run"] as? String == ".build/debug/workbook check Big --color never")
    }

    /// The compiled-in list is the data file, entry for entry (ExerciseListPlugin wrote it).
    @Test func theCompiledListIsTheDataFile() throws {
        #expect(try ExerciseWorkspace(root: BuiltWorkbook.packageRoot).readExerciseList() == ExerciseManifest.all)
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
