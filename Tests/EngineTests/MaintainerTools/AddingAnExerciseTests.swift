import Course
import Foundation
import Testing
@testable import MaintainerTools
@testable import ChildProcesses
@testable import Grading

/// Adding an exercise touches exactly the files docs/maintainers.md lists.
@Suite struct AddingAnExerciseTests {
    /// docs/maintainers.md's recipe for adding an exercise, followed in a copy: an entry in
    /// the list, then a stub, a solution, a driver binding and a check. At each step the
    /// drift check and dev check's file checks say exactly what is still missing, and once
    /// `dev generate` has run, nothing is.
    @Test func addingAFifteenthExerciseTouchesTheFilesTheRecipeLists() throws {
        let root = BuiltWorkbook.packageRoot
        let workbook = try TemporaryWorkbook()
        for exercise in ExerciseManifest.all {
            try workbook.write("# \(exercise.chapter)\n", to: "Chapters/\(exercise.chapter).md")
            try workbook.write("enum \(exercise.bindingType): DriverBinding {}\n", to: exercise.bindingPath)
            try workbook.write("// solution of \(exercise.name)\n", to: exercise.solutionPath)
        }
        try workbook.write(try String(contentsOf: root.appendingPathComponent("Sources/Course/exercises.json"), encoding: .utf8), to: "Sources/Course/exercises.json")
        try workbook.write("// package\n", to: "Exercises/Package.swift")
        var listed = try workbook.workspace.readExerciseList()
        #expect(listed == ExerciseManifest.all)
        _ = try GeneratedFiles(workspace: workbook.workspace, exercises: listed).write()

        // 1. The entry.
        var list = try #require(workbook.read("Sources/Course/exercises.json"))
        let end = try #require(list.range(of: "\n]", options: .backwards))
        list.replaceSubrange(end, with: """
            ,
              {
                "name": "Throttle",
                "chapter": "06-pace",
                "summary": "throttle(every:scheduler:): at most one value per interval, demand honoured",
                "points": 15,
                "hints": ["A nudge.", "Almost the answer."]
              }
            ]
            """)
        try workbook.write(list, to: "Sources/Course/exercises.json")
        listed = try workbook.workspace.readExerciseList()
        let throttle = try #require(listed.last)
        #expect(listed.count == ExerciseManifest.all.count + 1)
        #expect(throttle == Exercise(name: "Throttle", chapter: "06-pace", summary: "throttle(every:scheduler:): at most one value per interval, demand honoured", hints: ["A nudge.", "Almost the answer."], points: 15))
        let files = GeneratedFiles(workspace: workbook.workspace, exercises: listed)
        let check = DevCheck(workspace: workbook.workspace, exercises: listed, grader: Grader(workspace: workbook.workspace))
        #expect(try files.drift() == [
            "Sources/Course/Generated/ExerciseManifest+List.swift does not match the exercise list: run `swift run workbook dev generate` and commit it",
            "Tests/ExerciseTests/Generated/Exercises+Generated.swift does not match the exercise list: run `swift run workbook dev generate` and commit it",
            "Exercises/Throttle.swift is missing: run `swift run workbook dev generate` and commit it",
            ".github/classroom/autograding.json does not match the exercise list: run `swift run workbook dev generate` and commit it",
        ])
        #expect(check.checkParts().problems == [
            "Sources/ExerciseStubs/Throttle.swift is missing",
            "Instructor/Sources/Solutions/Throttle.swift is missing",
            "Sources/DriverBindings/Throttle.swift is missing",
        ])

        // 2-5. The stub, the solution, the driver binding and the check (its model).
        try workbook.write("// Exercise Throttle · chapter 06-pace\n", to: throttle.stubPath)
        try workbook.write("// solution of Throttle\n", to: throttle.solutionPath)
        try workbook.write("enum ThrottleDriver: DriverBinding {}\n", to: throttle.bindingPath)
        try workbook.write("// the check\n", to: "Sources/ExerciseChecks/Checks/ThrottleCheck.swift")
        #expect(check.checkParts().problems.isEmpty)

        // Then `workbook dev generate`, the command itself: the list as Swift, its tests, the
        // learner's copy and one more classroom test.
        let generate = try ChildProcess(BuiltWorkbook.path, ["dev", "generate"], workingDirectory: workbook.root, timeout: 60).run()
        #expect(generate.succeeded, "\(generate.standardError)")
        #expect(generate.standardOutput == [ExerciseListSource.path, ExerciseTestsSource.path, "Exercises/Throttle.swift", ".github/classroom/autograding.json"]
            .map { "Wrote \($0)\n" }.joined())
        #expect(workbook.read(ExerciseTestsSource.path)?.contains("func gradeThrottle()") == true)
        #expect(workbook.read(ExerciseListSource.path)?.contains(#"name: "Throttle""#) == true)
        #expect(try files.drift().isEmpty)
        #expect(workbook.read("Exercises/Throttle.swift") == "// Exercise Throttle · chapter 06-pace\n")
        let autograding = try #require(workbook.read(ClassroomAutograding.path))
        let tests = try #require(try JSONSerialization.jsonObject(with: Data(autograding.utf8)) as? [String: Any])["tests"] as? [[String: Any]]
        #expect(tests?.count == listed.count)
        #expect(tests?.last?["name"] as? String == "Throttle")
        #expect(tests?.last?["points"] as? Int == 15)
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
                """, to: "Sources/Course/exercises.json")
            try workbook.write("// Exercise Throttle\n", to: "Sources/ExerciseStubs/Throttle.swift")
            try workbook.write("// Exercise \(secondName)\n", to: "Sources/ExerciseStubs/\(secondName).swift")
            return try ChildProcess(BuiltWorkbook.path, ["dev", "generate"], workingDirectory: workbook.root, timeout: 60).run()
        }

        let duplicate = try generate(secondName: "Throttle", secondChapter: "06-pace")
        #expect(duplicate.termination == .exited(1))
        #expect(duplicate.standardError == "Error: Sources/Course/exercises.json:9: error: the name Throttle is already used by the exercise at line 2\n")
        let unknownChapter = try generate(secondName: "Other", secondChapter: "07-operators")
        #expect(unknownChapter.termination == .exited(1))
        #expect(unknownChapter.standardError == "Error: Sources/Course/exercises.json:11: error: Other: there is no chapter 07-operators (no Chapters/07-operators.md)\n")
        #expect(workbook.read(ExerciseListSource.path) == nil)

        let fine = try generate(secondName: "Other", secondChapter: "06-pace")
        #expect(fine.succeeded, "\(fine.standardError)")
        #expect(workbook.read(ExerciseListSource.path)?.contains(#"name: "Other""#) == true)
    }
}
