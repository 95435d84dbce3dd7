import ExerciseCatalog
import Foundation
import Testing
@testable import ChildProcesses
@testable import Grading
@testable import WorkbookBasics
@testable import GradeRecords
import WorkbookTestSupport

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
        try ChildProcess(BuiltWorkbook.instructor, arguments, workingDirectory: BuiltWorkbook.packageRoot, timeout: 900).run()
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

    /// `josé` composed (NFC) and decomposed (NFD) are two folders, and so two students,
    /// though Swift's `String` calls them equal: graded in two shards, each lands in its
    /// own share, keeps its own grade, and the merge keeps both, shown apart (issue 33, 6b).
    @Test func twoSpellingsOfOneNameInTwoShardsMergeAsTwoStudents() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spellings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("class")
        let composed = "jos\u{E9}", decomposed = "jose\u{301}"
        let countdown = Exercise.named("Countdown")
        let solution = try String(contentsOf: Self.workspace.url(countdown.solutionPath), encoding: .utf8)
        for (name, text) in [(composed, solution), (decomposed, solution + "\nlet typo: Int = \"x\"\n")] {
            let file = folder.appendingPathComponent(name).appendingPathComponent("Exercises/Countdown.swift")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }
        for shard in 1...2 {
            let result = try Self.workbook(["grade", "--submissions", folder.path, "--shard", "\(shard)/2", "--json", path("part-\(shard).json"),
                                            "--color", "never", "--without-sandbox", "--seed", "7"])
            #expect(result.succeeded, "\(result.standardError)")
        }
        let merge = try Self.workbook(["grade", "merge", path("part-1.json"), path("part-2.json"), "--json", path("merged.json"),
                                       "--csv", path("merged.csv"), "--color", "never"])
        #expect(merge.succeeded, "\(merge.standardError)")

        let merged = try GradeRecord.read(try Data(contentsOf: URL(fileURLWithPath: path("merged.json"))), name: "merged.json")
        // Byte order: `e` (0x65) before `é` (0xC3 0xA9).
        #expect(merged.students.map { Array($0.name.unicodeScalars) } == [Array(decomposed.unicodeScalars), Array(composed.unicodeScalars)])
        #expect(merged.students.map(\.displayName) == ["jose\\u{301}", "jos\u{E9}"])
        let countdownColumn = try #require(merged.exercises.firstIndex { $0.name == "Countdown" })
        #expect(merged.students.map { $0.exercises[countdownColumn].state } == [.doesNotCompile, .passed])
        #expect(merge.standardOutput.contains("jose\\u{301}"))
        let csv = try String(contentsOf: URL(fileURLWithPath: path("merged.csv")), encoding: .utf8)
        #expect(csv.contains("\r\njose\\u{301},") && csv.contains("\r\njos\u{E9},"))
    }
}
