import ExerciseChecks
import Foundation
import Testing

@Suite struct ExerciseWorkspaceTests {
    @Test func anExerciseIsStartedByAnyByteOfDifferenceAndResetPutsItBack() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let exercise = try #require(ExerciseManifest.named("Chunks"))
        let workspace = ExerciseWorkspace(root: root)
        try FileManager.default.createDirectory(at: workspace.url("Exercises/.pristine"), withIntermediateDirectories: true)
        try Data("stub\n".utf8).write(to: workspace.url(exercise.pristinePath))
        #expect(workspace.state(of: exercise) == .missing)
        try workspace.reset(exercise)
        #expect(workspace.state(of: exercise) == .untouched)
        try Data("stub \n".utf8).write(to: workspace.url(exercise.stubPath))
        #expect(workspace.state(of: exercise) == .started)
        try workspace.reset(exercise)
        #expect(workspace.state(of: exercise) == .untouched)
    }

    @Test func findsTheCheckoutAboveAPath() throws {
        let workspace = try #require(ExerciseWorkspace.containing(#filePath))
        #expect(FileManager.default.fileExists(atPath: workspace.url("Package.swift").path))
        #expect(ExerciseWorkspace.containing("/") == nil)
    }
}

@Suite struct GradingProtocolTests {
    @Test func findsTheReportAmongWhateverElseTheProgramPrinted() throws {
        let report = try #require(GradingProtocol.report(in: """
            learner's debug print
            \(GradingProtocol.marker){"exercise":"Chunks","passed":["a"],"failure":{"scenario":"b","message":"c"}}
            more output
            """))
        #expect(report.exercise == "Chunks")
        #expect(report.passed == ["a"])
        #expect(report.failureSummary == "b: c")
        #expect(GradingProtocol.report(in: "no report here\n") == nil)
    }
}
