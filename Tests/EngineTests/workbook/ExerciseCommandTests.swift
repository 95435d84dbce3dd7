import ExerciseCatalog
import Foundation
import Testing
@testable import ChildProcesses
import WorkbookTestSupport

/// `workbook check`, `hint`, `reset` and `grade` as a learner or instructor runs them, in a
/// throwaway workbook so that the real one's progress is never touched.
@Suite(.tags(.slow), .slow, .offThePool) struct ExerciseCommandTests {
    @Test func anUnknownExerciseIsAOneLineErrorListingTheValidOnes() throws {
        let workbook = try TemporaryWorkbook()
        for command in [["check", "Nope"], ["hint", "Nope"], ["reset", "Nope", "--yes"]] {
            let result = try run(command, in: workbook)
            #expect(result.termination == .exited(1))
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.count == 1, "\(result.standardError)")
            #expect(lines.first?.contains("no exercise named 'Nope'; the exercises are: MyAssign, BatchSink") == true)
        }
    }

    @Test func aTimeLimitOrIntervalThatIsNotAPositiveNumberIsAOneLineError() throws {
        let workbook = try TemporaryWorkbook()
        for command in [["run", "--time-limit", "nan"], ["check", "--time-limit", "nan"], ["grade", "--time-limit=-1"],
                        ["dev", "check", "--time-limit", "inf"], ["watch", "--time-limit", "0"], ["watch", "--interval", "nan"]] {
            let result = try run(command, in: workbook)
            #expect(result.termination == .exited(64), "\(command): \(result.termination)")
            let errors = result.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }
            #expect(errors.count == 1 && errors[0].contains("a number of seconds more than 0"), "\(command): \(result.standardError)")
        }
    }

    @Test func aGradingPolicyFlagOutOfRangeIsAOneLineError() throws {
        let workbook = try TemporaryWorkbook()
        let cases: [([String], String)] = [
            (["grade", "--jobs", "0"], "--jobs must be a whole number of 1 or more"),
            (["check", "--compile-time-limit", "nan"], "--compile-time-limit must be a number of seconds more than 0"),
            (["grade", "--compile-budget=-3"], "--compile-budget must be a number of seconds more than 0"),
            (["grade", "--memory", "100"], "--memory must be 512 MiB or more"),
        ]
        for (command, message) in cases {
            let result = try run(command, in: workbook)
            #expect(result.termination == .exited(64), "\(command): \(result.termination)")
            let errors = result.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }
            #expect(errors.count == 1 && errors[0].contains(message), "\(command): \(result.standardError)")
        }
    }

    @Test func resetKeepsTheLearnersVersionAndSaysWhere() throws {
        let workbook = try TemporaryWorkbook()
        try workbook.start(.named("Chunks"), with: "// my careful work\n")
        let reset = try run(["reset", "Chunks", "--yes"], in: workbook)
        #expect(reset.succeeded, "\(reset.standardError)")
        #expect(reset.standardOutput.contains("Exercises/.backup/Chunks.swift"))
        #expect(workbook.read("Exercises/.backup/Chunks.swift") == "// my careful work\n")
    }

    @Test func garbageInTheStateFilesChangesNothing() throws {
        let workbook = try TemporaryWorkbook()
        try workbook.write("\u{0}\u{1}not json{{", to: ".workbook/results.json")
        try workbook.write("[1, 2", to: ".workbook/hints.json")
        try workbook.write("garbage", to: ".workbook/grade.lock")
        for command in [["--color", "never"], ["list", "--color", "never"], ["grade", "--color", "never"], ["hint", "Chunks", "--color", "never"]] {
            let result = try run(command, in: workbook)
            #expect(result.succeeded, "\(command): \(result.standardError)")
        }
        let grade = try run(["grade", "--color", "never"], in: workbook)
        #expect(grade.standardOutput.contains("\(ExerciseManifest.all.count) not started"))
    }

    @Test func hintGivesTheNextHintEachTime() throws {
        let workbook = try TemporaryWorkbook()
        let exercise = Exercise.named("Countdown")
        let first = try run(["hint", "Countdown", "--color", "never"], in: workbook)
        let second = try run(["hint", "countdown", "--color", "never"], in: workbook)
        #expect(first.standardOutput.hasPrefix("Countdown, hint 1 of \(exercise.hints.count)"))
        // Wrapped to the terminal's width: the hint's words, in order, across lines.
        #expect(first.standardOutput.replacingOccurrences(of: "\n", with: " ").contains(exercise.hints[0]))
        #expect(second.standardOutput.replacingOccurrences(of: "\n", with: " ").contains(exercise.hints[1]))
    }

    @Test func resetRestoresTheStub() throws {
        let workbook = try TemporaryWorkbook()
        try workbook.start(.named("Chunks"))
        let refused = try run(["reset", "Chunks"], in: workbook)
        #expect(refused.termination == .exited(1))
        #expect(refused.standardError.split(separator: "\n").count == 1)
        #expect(refused.standardError.contains("add --yes"))
        #expect(workbook.read("Exercises/Chunks.swift") == "// my work\n")
        let reset = try run(["reset", "Chunks", "--yes"], in: workbook)
        #expect(reset.succeeded, "\(reset.standardError)")
        #expect(workbook.read("Exercises/Chunks.swift") == "// stub of Chunks\n")
    }

    @Test func gradeOfAFreshCloneBuildsNothingAndWritesJSONAndJUnit() throws {
        let workbook = try TemporaryWorkbook()
        let json = workbook.root.appendingPathComponent("grades.json").path
        let junit = workbook.root.appendingPathComponent("grades.xml").path
        let result = try run(["grade", "--color", "never", "--json", json, "--junit", junit], in: workbook)
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.contains("\(ExerciseManifest.all.count) exercises: \(ExerciseManifest.all.count) not started"))
        #expect(result.duration < 5)
        #expect(FileManager.default.fileExists(atPath: json))
        #expect(String(decoding: FileManager.default.contents(atPath: junit) ?? Data(), as: UTF8.self).contains("<skipped"))
    }

    private func run(_ arguments: [String], in workbook: TemporaryWorkbook) throws -> ChildProcess.Result {
        try ChildProcess(BuiltWorkbook.path, arguments, workingDirectory: workbook.root, timeout: 60).run()
    }
}

/// `workbook watch` notices an edit while it runs.
@Suite(.tags(.slow), .slow, .offThePool) struct WatchCommandTests {
    @Test func reChecksAnExerciseWhenItsFileChanges() async throws {
        let workbook = try TemporaryWorkbook()
        let root = workbook.root
        DispatchQueue.global().asyncAfter(deadline: .now() + 3) {
            try? workbook.start(.named("Chunks"))
        }
        let result = try await offThePool {
            try ChildProcess(BuiltWorkbook.path, ["watch", "--interval", "0.2", "--color", "never"], workingDirectory: root, timeout: 7).run()
        }
        #expect(result.termination == .timedOut)
        #expect(result.standardOutput.hasPrefix("Watching Exercises/ (Ctrl-C to stop).\n"))
        #expect(result.standardOutput.contains("0 of \(ExerciseManifest.all.count) exercises solved."))
        #expect(result.standardOutput.contains("\nExercises/Chunks.swift changed:\n"))
    }
}
