import ExerciseCatalog
import Foundation
import Testing
@testable import MaintainerTools
import WorkbookBasics
import WorkbookTestSupport

/// `workbook dev sample-class`: a class of stated numbers of each kind of file, the same
/// every time, and files that end their checks as their kind says.
@Suite struct SampleClassTests {
    @Test func theDefaultClassHasTwoOfEachRareKindAndTheRestInTurn() {
        let tally = SampleClass.tally(students: 30, exercises: 14, counts: SampleClass.defaultCounts)
        #expect(tally[.trapping] == 2 && tally[.exiting] == 2 && tally[.hanging] == 2)
        #expect(tally.values.reduce(0, +) == 420)
        // As `dev sample-class --help` says.
        #expect(tally[.solved] == 102 && tally[.untouched] == 106 && tally[.failing] == 102 && tally[.broken] == 104)
    }

    @Test func numbersGivenAreExactAndEachLandsWithAnotherStudentAndExercise() {
        let counts: [SampleClass.Handed: Int] = [.trapping: 3, .exiting: 1, .hanging: 2, .broken: 5]
        let plan = SampleClass.plan(students: 30, exercises: 14, counts: counts)
        let rare = plan.enumerated().flatMap { student, row in
            row.enumerated().compactMap { exercise, kind in [.trapping, .exiting, .hanging].contains(kind) ? (student, exercise) : nil }
        }
        #expect(rare.count == 6)
        #expect(Set(rare.map(\.0)).count == 6 && Set(rare.map(\.1)).count == 6)
        let tally = SampleClass.tally(students: 30, exercises: 14, counts: counts)
        #expect(tally[.trapping] == 3 && tally[.exiting] == 1 && tally[.hanging] == 2 && tally[.broken] == 5)
        #expect(plan == SampleClass.plan(students: 30, exercises: 14, counts: counts), "the same numbers make the same class")
    }

    @Test func whenEveryKindIsGivenTheRestIsUntouchedAndTooManyIsRefused() {
        var counts = Dictionary(uniqueKeysWithValues: SampleClass.Handed.allCases.map { ($0, 1) })
        let tally = SampleClass.tally(students: 2, exercises: 14, counts: counts)
        #expect(tally[.untouched] == 28 - 6)
        #expect(tally[.solved] == 1 && tally[.hanging] == 1)
        #expect(SampleClass.problem(counts: counts, students: 2, exercises: 14) == nil)
        counts[.solved] = 22
        #expect(SampleClass.problem(counts: counts, students: 2, exercises: 14) == nil, "exactly the class")
        counts[.solved] = 23
        #expect(SampleClass.problem(counts: counts, students: 2, exercises: 14) == "the numbers given add up to 29 files, and 2 students of 14 exercises hand in 28")
        #expect(SampleClass.problem(counts: [.hanging: -1], students: 2, exercises: 14) == "--hanging must not be negative")
    }

    /// Every stub of the workbook takes the statement before its first `// TODO`, inside a
    /// body, and a body that was one expression keeps returning it.
    @Test func everyStubTakesTheStatementBeforeItsFirstTodo() throws {
        let workspace = ExerciseWorkspace(root: BuiltWorkbook.packageRoot)
        for exercise in ExerciseManifest.all {
            let stub = String(decoding: try workspace.stub(of: exercise), as: UTF8.self)
            let text = try SampleClass.inserting("while true {}", into: stub, of: exercise)
            let lines = text.components(separatedBy: "\n")
            let index = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "while true {}" }, "\(exercise.name)")
            #expect(lines[index + 1].trimmingCharacters(in: .whitespaces).hasPrefix("// TODO"), "\(exercise.name)")
            #expect(lines.count == stub.components(separatedBy: "\n").count + 1)
        }
        let single = "func f() -> Int {\n    // TODO: count.\n    0\n}\n"
        #expect(try SampleClass.inserting("exit(3)", into: single, of: .named("Countdown")) == "func f() -> Int {\n    exit(3)\n    // TODO: count.\n    return 0\n}\n")
        let empty = "init() {\n    // TODO: keep what you need.\n}\n"
        #expect(try SampleClass.inserting("exit(3)", into: empty, of: .named("Countdown")) == "init() {\n    exit(3)\n    // TODO: keep what you need.\n}\n")
    }
}
