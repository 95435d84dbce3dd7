import ChildProcesses
import ExerciseCatalog
import Foundation
import Testing
@testable import Grading
@testable import WorkbookBasics
#if canImport(FoundationXML)
import FoundationXML
import WorkbookTestSupport
#endif

/// ``ClassGradesTests`` run as an instructor runs it, on a class of four: one who solved
/// everything, one who touched nothing, one whose file does not compile, and one whose
/// submission holds a `Package.swift` that writes a file when anything evaluates it.
/// Heavy (it grades fifteen files), so a CI stage of its own:
/// `WORKBOOK_CLASS_GRADES=1 swift test --package-path Instructor --filter ClassGradesSelfTests`.
@Suite(.serialized, .tags(.slow), .slow) struct ClassGradesSelfTests {
    static let isRequested = ProcessInfo.processInfo.environment["WORKBOOK_CLASS_GRADES"] == "1"
    static let root = BuiltWorkbook.packageRoot

    /// A manifest that leaves `marker` behind when evaluated: by SwiftPM, an editor's
    /// SourceKit-LSP, or a grader that runs `swift test` in the student's folder.
    static func manifest(leaving marker: String) -> String {
        """
        // swift-tools-version:5.9
        import PackageDescription
        import Foundation
        _ = FileManager.default.createFile(atPath: \(SwiftLiteral.string(marker)), contents: Data("evaluated\\n".utf8))
        let package = Package(name: "Exercises", targets: [.target(name: "Exercises", path: ".")])
        """
    }

    static func writeClass(into folder: URL, marker: String) throws {
        func hand(_ text: String, _ path: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        func source(_ path: String) throws -> String { try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }
        for exercise in ExerciseManifest.all {
            try hand(try source(exercise.solutionPath), "solved/Exercises/\(exercise.name).swift")
            try hand(try source(exercise.stubPath), "untouched/Exercises/\(exercise.name).swift")
        }
        let countdown = Exercise.named("Countdown")
        try hand(try source(countdown.solutionPath) + "\nlet typo: Int = \"x\"\n", "broken/Exercises/Countdown.swift")
        try hand(try source(countdown.solutionPath), "hostile/Exercises/Countdown.swift")
        try hand(manifest(leaving: marker), "hostile/Exercises/Package.swift")
        try hand(manifest(leaving: marker), "hostile/Package.swift")
    }

    /// This test process's own binary, asked to run only ``ClassGradesTests`` (as
    /// `swift test --filter ClassGradesTests --xunit-output` does) with `WORKBOOK_CLASS` set.
    static func runClassGrades(on folder: URL, xunit: URL) throws -> ChildProcess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment[ClassUnderGrade.variable] = folder.path
        environment["WORKBOOK_CLASS_GRADES"] = nil
        return try ChildProcess(CurrentExecutable.path,
                                ["--testing-library", "swift-testing", "--filter", "ClassGradesTests", "--xunit-output", xunit.path],
                                workingDirectory: root, environment: environment, timeout: 3600).run()
    }

    /// Where the tests are an executable that runs Swift Testing when asked (Linux); on
    /// macOS they are a bundle that only SwiftPM's helper can load.
    #if os(Linux)
    static let canRunItsOwnTests = true
    #else
    static let canRunItsOwnTests = false
    #endif

    @Test(.enabled(if: isRequested, "a CI stage of its own: WORKBOOK_CLASS_GRADES=1"),
          .enabled(if: canRunItsOwnTests, "runs the test executable itself, which only Linux builds"))
    func aClassOfFourIsGradedOneCasePerStudentAndExerciseAndNoManifestRuns() async throws {
        try #require(Sandbox.current.isBubblewrap, "this machine cannot run the bubblewrap sandbox (apt-get install bubblewrap): `workbook grade` refuses a class without it")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("class-grades-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let marker = scratch.appendingPathComponent("the-manifest-ran").path
        let folder = scratch.appendingPathComponent("class")
        try Self.writeClass(into: folder, marker: marker)
        let xunit = scratch.appendingPathComponent("class.xml")

        let run = try await offThePool { try Self.runClassGrades(on: folder, xunit: xunit) }

        #expect(!FileManager.default.fileExists(atPath: marker), "a student's Package.swift was evaluated")
        #expect(run.termination == .exited(1), "the class has failing grades, so the run fails: \(run.termination)\n\(run.standardError.suffix(2000))")
        let failures = try Self.failureMessages(in: xunit)
        let exercises = ExerciseManifest.all.map(\.name)
        func failing(_ student: String) -> [String] {
            exercises.filter { exercise in failures.contains { $0.contains("\(student) · \(exercise): ") } }
        }
        #expect(failing("solved") == [], "\(failures.filter { $0.contains("solved") })")
        #expect(failing("untouched") == exercises)
        #expect(failing("broken") == exercises)
        #expect(failing("hostile") == exercises.filter { $0 != "Countdown" })
        #expect(failures.count == 3 * exercises.count - 1, "\(failures)")
        #expect(failures.contains { $0.contains("broken · Countdown: does not compile: ") && $0.contains("Exercises/Countdown.swift") })
        #expect(failures.contains { $0.contains("untouched · MyAssign: not started") })
        // Swift Testing's console (its standard error), too, names each case.
        #expect(run.standardError.contains("hostile · Countdown"), "\(run.standardError.suffix(2000))")
    }

    /// The `message` of every `<failure>` in the XML that `--xunit-output` wrote.
    static func failureMessages(in xunit: URL) throws -> [String] {
        let document = try XMLDocument(contentsOf: xunit, options: [])
        return try document.nodes(forXPath: "//failure/@message").compactMap(\.stringValue)
    }
}
