import Course
import Foundation
import Testing
@testable import ChildProcesses
@testable import Grading

/// A class graded in shares on several machines, then merged, must get exactly the grades
/// one run over the whole class gives: graded for real, with this workbook's built
/// `workbook`, as a CI matrix would run it.
@Suite(.serialized, .tags(.slow), .slow) struct ShardMergeTests {
    static let workspace = ExerciseWorkspace(root: BuiltWorkbook.packageRoot)

    /// Six students whose grades differ: passed, does not compile, failed, not started, a
    /// stray file, an empty folder.
    static func writeClass(into folder: URL) throws {
        func hand(_ text: String, _ path: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        func source(_ path: String) throws -> String { try String(contentsOf: workspace.url(path), encoding: .utf8) }
        let countdown = Exercise.named("Countdown"), myAssign = Exercise.named("MyAssign")
        try hand(try source(countdown.solutionPath), "ada/Exercises/Countdown.swift")
        try hand(try source(countdown.solutionPath) + "\nlet typo: Int = \"x\"\n", "bo/Countdown.swift")
        try hand(try source(myAssign.solutionPath), "cy/Exercises/MyAssign.swift")
        try hand(try source(countdown.stubPath), "cy/Exercises/Countdown.swift")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dee"), withIntermediateDirectories: true)
        try hand(try source(countdown.stubPath) + "\n// I tried\n", "eve/Countdown.swift")
        try hand("// my notes\n", "fay/Notes.swift")
        try hand(try source(myAssign.solutionPath), "fay/MyAssign.swift")
    }

    /// The first grading may build the grading kit from nothing: allow for it.
    static func workbook(_ arguments: [String]) throws -> ChildProcess.Result {
        try ChildProcess(BuiltWorkbook.path, arguments, workingDirectory: BuiltWorkbook.packageRoot, timeout: 900).run()
    }

    @Test func aClassOfSixInThreeShardsMergesToTheUnshardedRun() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("shards-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("class")
        try Self.writeClass(into: folder)
        func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }
        func grade(_ arguments: [String]) throws {
            // The students are this test's own: where there is no sandbox, trust them (the refusal has its test in SandboxTests).
            // One seed for every run, so that a check's message names the same drawn values.
            let result = try Self.workbook(["grade", "--submissions", folder.path, "--color", "never", "--without-sandbox", "--seed", "7"] + arguments)
            #expect(result.succeeded, "\(arguments): \(result.standardError)")
        }
        func record(_ name: String) throws -> GradeRecord {
            try GradeRecord.read(try Data(contentsOf: URL(fileURLWithPath: path(name))), name: name)
        }

        try grade(["--json", path("all.json")])
        for shard in 1...3 { try grade(["--shard", "\(shard)/3", "--json", path("part\(shard).json")]) }
        let merge = try Self.workbook(["grade", "merge", path("part3.json"), path("part1.json"), path("part2.json"), "--json", path("merged.json"), "--color", "never"])
        #expect(merge.succeeded, "\(merge.standardError)")

        let whole = try record("all.json")
        let parts = try (1...3).map { try record("part\($0).json") }
        #expect(parts.map(\.students.count) == [2, 2, 2])
        #expect(try record("merged.json").withoutTimings == whole.withoutTimings)
        // The class is not vacuous: it holds grades that differ.
        let states = Set(whole.students.flatMap { $0.exercises.map(\.state) })
        #expect(states.isSuperset(of: [.passed, .doesNotCompile, .failed, .notStarted]))
        #expect(whole.students.map(\.name) == ["ada", "bo", "cy", "dee", "eve", "fay"])
        #expect(merge.standardOutput.contains("fay"))
    }
}
