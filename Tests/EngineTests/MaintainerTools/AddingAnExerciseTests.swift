import ExerciseCatalog
import Foundation
import Testing
@testable import MaintainerTools
@testable import ChildProcesses
@testable import Grading
import WorkbookTestSupport

/// Adding an exercise is `workbook dev new` and then writing what it marks, as
/// docs/maintainers.md's recipe says.
@Suite(.offThePool) struct AddingAnExerciseTests {
    /// A copy of the workbook's list, with a chapter, binding and solution for each exercise.
    private func workbookWithTheList() throws -> TemporaryWorkbook {
        let workbook = try TemporaryWorkbook()
        for exercise in ExerciseManifest.all {
            try workbook.write("# \(exercise.chapter)\n", to: "Chapters/\(exercise.chapter).md")
            try workbook.write("enum \(exercise.bindingType): DriverBinding {}\n", to: exercise.bindingPath)
            try workbook.write("// solution of \(exercise.name)\n", to: exercise.solutionPath)
        }
        let list = try String(contentsOf: BuiltWorkbook.packageRoot.appendingPathComponent(ExerciseManifest.path), encoding: .utf8)
        try workbook.write(list, to: ExerciseManifest.path)
        try workbook.write("// package\n", to: "Exercises/Package.swift")
        _ = try GeneratedFiles(workspace: workbook.workspace, exercises: workbook.workspace.readExerciseList()).write()
        return workbook
    }

    private func workbook(_ arguments: String..., in workbook: TemporaryWorkbook) throws -> ChildProcess.Result {
        try ChildProcess(BuiltWorkbook.path, arguments, workingDirectory: workbook.root, timeout: 60).run()
    }

    /// The recipe in a copy, with the command itself: `dev new` writes the entry, every file
    /// of the exercise and what the list generates; `dev check` names each placeholder until
    /// it is written, and then nothing.
    @Test func devNewLaysOutAnExerciseThatDevCheckNamesUntilItIsWritten() throws {
        let workbook = try workbookWithTheList()
        let before = try workbook.workspace.readExerciseList()

        let new = try self.workbook("dev", "new", "Throttle", "--chapter", "6", in: workbook)
        #expect(new.succeeded, "\(new.standardError)")
        let files = [
            ExerciseManifest.path,
            "Sources/ExerciseStubs/Throttle.swift", "Instructor/Sources/Solutions/Throttle.swift",
            "Sources/ExerciseChecks/Checks/ThrottleCheck.swift", "Sources/DriverBindings/Throttle.swift",
            "Sources/ExerciseJudge/Remote/ThrottleRemote.swift",
        ]
        let generated: [String] = [ExerciseListSource.path, ExerciseTestsSource.path, RemoteChecksSource.path, "Exercises/Throttle.swift", ClassroomAutograding.path]
        let wrote: [String] = (files + generated).map { "Wrote \($0)" }
        let announced: [String] = new.standardOutput.split(separator: "\n").dropLast().map(String.init)
        #expect(announced == wrote)

        let listed = try workbook.workspace.readExerciseList()
        #expect(Array(listed.dropLast()) == before)
        let throttle = try #require(listed.last)
        #expect(throttle.name == "Throttle" && throttle.chapter == "06-pace")
        let generation = GeneratedFiles(workspace: workbook.workspace, exercises: listed)
        #expect(try generation.drift().isEmpty)
        #expect(workbook.read(RemoteChecksSource.path)?.contains(#""Throttle": ThrottleRemote.check,"#) == true)
        #expect(workbook.read(ExerciseTestsSource.path)?.contains("func gradeThrottle()") == true)
        #expect(workbook.read("Exercises/Throttle.swift") == workbook.read(throttle.stubPath))
        let autograding = try #require(workbook.read(ClassroomAutograding.path))
        let tests = try #require(try JSONSerialization.jsonObject(with: Data(autograding.utf8)) as? [String: Any])["tests"] as? [[String: Any]]
        #expect(tests?.count == listed.count)
        #expect(tests?.last?["name"] as? String == "Throttle")
        // The placeholder check fails every implementation, so a half-written exercise is red.
        #expect(workbook.read("Sources/ExerciseChecks/Checks/ThrottleCheck.swift")?.contains("throw CheckFailure(\"the check of Throttle is not written yet") == true)

        let check = { DevCheck(workspace: workbook.workspace, exercises: try workbook.workspace.readExerciseList(), grader: Grader(workspace: workbook.workspace)) }
        #expect(try check().checkParts().problems == [
            "\(ExerciseManifest.path): Throttle's summary or hints are still the placeholders of `workbook dev new`",
        ] + files.dropFirst().map { "\($0) still holds a TODO(dev new) placeholder to write" })

        // Writing what each placeholder asks leaves dev check's parts nothing to name.
        for path in files {
            try workbook.write(try #require(workbook.read(path)).replacingOccurrences(of: NewExercise.placeholderMark, with: "Written"), to: path)
        }
        #expect(try check().checkParts().problems == [])
        // The learner's copy was dev new's placeholder, not an edit: generating brings it up to date.
        let written = try GeneratedFiles(workspace: workbook.workspace, exercises: try workbook.workspace.readExerciseList()).write()
        #expect(written.contains("Exercises/Throttle.swift"))
        #expect(workbook.read("Exercises/Throttle.swift") == workbook.read(throttle.stubPath))
    }

    /// `dev new` writes nothing when the exercise cannot be added: a taken name, a chapter
    /// that is not there, a name the list refuses.
    @Test func devNewRefusesInOneLineAndWritesNothing() throws {
        let workbook = try workbookWithTheList()
        let list = workbook.read(ExerciseManifest.path)

        let taken = try self.workbook("dev", "new", "Countdown", "--chapter", "3", in: workbook)
        #expect(taken.termination == .exited(1))
        #expect(taken.standardError == "Error: \(ExerciseManifest.path) already has an exercise named Countdown\n")
        let noChapter = try self.workbook("dev", "new", "Throttle", "--chapter", "99", in: workbook)
        #expect(noChapter.termination == .exited(1))
        #expect(noChapter.standardError.hasPrefix("Error: there is no chapter 99 in Chapters/ ("))
        let notAType = try self.workbook("dev", "new", "throttle-2", "--chapter", "6", in: workbook)
        #expect(notAType.termination == .exited(1))
        #expect(notAType.standardError.hasPrefix("Error: \(ExerciseManifest.path):"), "\(notAType.standardError)")

        #expect(workbook.read(ExerciseManifest.path) == list)
        #expect(workbook.read("Sources/ExerciseStubs/Throttle.swift") == nil)
        #expect(workbook.read("Sources/ExerciseStubs/throttle-2.swift") == nil)
    }

    /// A mistake in the new entry stops `workbook dev generate` at its line: one
    /// `path:line: error:` line, a failure, and no Swift written.
    @Test func aMistakeInTheEntryStopsGenerateAtItsLine() throws {
        let workbook = try TemporaryWorkbook(exercises: [])
        try workbook.write("# Pace\n", to: "Chapters/06-pace.md")
        try workbook.write("// package\n", to: "Exercises/Package.swift")
        func generate(secondName: String, secondChapter: String) throws -> ChildProcess.Result {
            try workbook.write("""
                [
                  {
                    "name": "Throttle",
                    "chapter": "06-pace",
                    "summary": "at most one value per interval",
                    "points": 10,
                    "hints": ["a nudge"]
                  },
                  {
                    "name": "\(secondName)",
                    "chapter": "\(secondChapter)",
                    "summary": "another",
                    "points": 10,
                    "hints": ["a nudge"]
                  }
                ]
                """, to: "Sources/ExerciseCatalog/exercises.json")
            try workbook.write("// Exercise Throttle\n", to: "Sources/ExerciseStubs/Throttle.swift")
            try workbook.write("// Exercise \(secondName)\n", to: "Sources/ExerciseStubs/\(secondName).swift")
            return try ChildProcess(BuiltWorkbook.path, ["dev", "generate"], workingDirectory: workbook.root, timeout: 60).run()
        }

        let duplicate = try generate(secondName: "Throttle", secondChapter: "06-pace")
        #expect(duplicate.termination == .exited(1))
        #expect(duplicate.standardError == "Error: Sources/ExerciseCatalog/exercises.json:9: error: the name Throttle is already used by the exercise at line 2\n")
        let unknownChapter = try generate(secondName: "Other", secondChapter: "07-operators")
        #expect(unknownChapter.termination == .exited(1))
        #expect(unknownChapter.standardError == "Error: Sources/ExerciseCatalog/exercises.json:11: error: Other: there is no chapter 07-operators (no Chapters/07-operators.md)\n")
        #expect(workbook.read(ExerciseListSource.path) == nil)

        let fine = try generate(secondName: "Other", secondChapter: "06-pace")
        #expect(fine.succeeded, "\(fine.standardError)")
        #expect(workbook.read(ExerciseListSource.path)?.contains(#"name: "Other""#) == true)
    }
}
