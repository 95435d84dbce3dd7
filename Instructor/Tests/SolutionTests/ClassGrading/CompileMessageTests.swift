import ExerciseCatalog
import Foundation
import Testing
@testable import Grading

/// A compile error is pinned on the learner's file and line, wherever in the file it is: a
/// missing `}` at the very end (a beginner's commonest slip) is found by the compiler past the
/// last line, and used to lose its line there (issue 51's second review).
@Suite(.tags(.slow)) struct CompileMessageTests {
    @Test func aMissingBraceAtTheEndIsPinnedOnTheLastLine() throws {
        let workspace = SolutionTests.workspace
        let exercise = try #require(ExerciseManifest.all.first { $0.name == "Countdown" })
        let stub = String(decoding: try Data(contentsOf: workspace.url(exercise.stubPath)), as: UTF8.self)
        let lastBrace = try #require(stub.lastIndex(of: "}"))
        let cut = String(stub[..<lastBrace])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compile-message-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("Countdown.swift")
        try Data(cut.utf8).write(to: file)
        let job = GradingJob(exercise: exercise, file: file, displayPath: "Exercises/Countdown.swift", group: "CompileMessage")
        let outcome = try #require(try Grader.judgedByBuiltWorkbook(workspace: workspace).grade([job])[job]?.outcome)
        guard case .doesNotCompile(let message) = outcome else { Issue.record("\(outcome)"); return }
        let lines = cut.split(separator: "\n", omittingEmptySubsequences: false).count
        let prefix = "Exercises/Countdown.swift:"
        #expect(message.hasPrefix(prefix), "\(message)")
        let digits = String(message.dropFirst(prefix.count).prefix { $0.isNumber })
        let line = Int(digits) ?? 0
        #expect(line >= lines - 1 && line <= lines + 1, "\(message) (the file has \(lines) lines)")
    }
}
