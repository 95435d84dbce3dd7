import ArgumentParser
import Foundation
import Course
import WorkbookEngine

/// Commands for the workbook's maintainers.
struct Dev: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "For maintainers: validate the exercises, make a sample class, write the classroom files or a student edition.",
        subcommands: [DevCheckCommand.self, ExercisesCommand.self, SampleClassCommand.self, ClassroomCommand.self, StudentEditionCommand.self]
    )
}

struct DevCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate every exercise: stubs fail, solutions pass, hints, chapters, stray files, unique names, committed Exercises/ equal to the stubs.",
        discussion: "Exits non-zero, listing each problem, unless everything holds. CI runs it. For the workbook's own repository: in a learner's tree the edited Exercises/ files are reported as drift."
    )

    @OptionGroup var timeLimit: TimeLimitOption

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locate()
        var report = try DevCheck(workspace: workspace, grader: Grader(workspace: workspace, policy: GradingPolicy(checkSeconds: timeLimit.seconds(or: GradingPolicy().checkSeconds)), log: logProgress)).run()
        // Here, not in DevCheck.run(): swift test runs that, and in a learner's tree edited
        // Exercises/ files are the point.
        report.problems += CommittedExercisesCheck(workspace: workspace).problems()
        report.checked.append("the committed Exercises/ files are the stubs, and Exercises/Package.swift is there")
        report.problems += try ClassroomAutograding().problems(in: workspace)
        report.checked.append("\(ClassroomAutograding.path) has one test per exercise in the manifest")
        // A tick only when nothing failed: a check line does not say which problems are its own.
        for line in report.checked { print(report.problems.isEmpty ? "✔ \(line)" : "· checked: \(line)") }
        for line in report.problems { print("✘ \(line)") }
        if !report.problems.isEmpty {
            print("\(report.problems.count) problem\(report.problems.count == 1 ? "" : "s") found.")
            throw ExitCode.failure
        }
    }
}

struct SampleClassCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-class",
        abstract: "Write a made-up class of submissions in mixed states, to try or time `workbook grade --submissions`.",
        discussion: "Each student's exercises are, in turn, solved, not started, started but failing, and not compiling."
    )

    @Argument(help: "The folder to write the class into (created if needed).")
    var folder: String

    @Option(help: "How many students.")
    var students = 30

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locate()
        try SampleClass(workspace: workspace, students: students).write(to: URL(fileURLWithPath: folder))
        print("Wrote \(students) submissions into \(folder). Grade them with: swift run workbook grade --submissions \(folder)")
    }

    func validate() throws {
        if students < 1 || students > 500 { throw ValidationError("--students must be from 1 to 500") }
    }
}

struct ExercisesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercises",
        abstract: "List the exercises of the manifest, in order: one name a line, or every field as JSON.",
        discussion: "Scripts (CI among them) read the exercise list here rather than parsing the manifest's Swift."
    )

    @Flag(help: "Print each exercise's name, chapter, summary, hints, points and files as a JSON array.")
    var json = false

    /// One exercise as `--json` prints it.
    struct Listing: Encodable {
        var name: String
        var chapter: String
        var summary: String
        var hints: [String]
        var points: Int
        var file: String
        var stub: String
        var solution: String
        var binding: String
    }

    mutating func run() throws {
        guard json else {
            for exercise in ExerciseManifest.all { print(exercise.name) }
            return
        }
        let listings = ExerciseManifest.all.map { exercise in
            Listing(name: exercise.name, chapter: exercise.chapter, summary: exercise.summary, hints: exercise.hints,
                    points: GradeRecord.pointsPerExercise, file: exercise.filePath, stub: exercise.stubPath,
                    solution: exercise.solutionPath, binding: exercise.bindingPath)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(listings), as: UTF8.self))
    }
}

struct ClassroomCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classroom",
        abstract: "Write .github/classroom/autograding.json from the manifest (one test and its points per exercise).",
        discussion: "`workbook dev check` fails when the committed file no longer matches the manifest."
    )

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locate()
        let autograding = ClassroomAutograding()
        try autograding.write(in: workspace)
        print("Wrote \(ClassroomAutograding.path): \(autograding.exercises.count) tests.")
    }
}

struct StudentEditionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "student-edition",
        abstract: "Write the workbook without Instructor/ (the reference solutions and the tests that need them): the repository to make a classroom template from.",
        discussion: "Copies the files git tracks, except Instructor/, unchanged. swift test, check, hint, reset and grade all work in the edition."
    )

    @Argument(help: "The folder to write the edition into (new, or empty).")
    var folder: String

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locate()
        let left = try StudentEdition(workspace: workspace).write(to: URL(fileURLWithPath: folder))
        print("Wrote the student edition into \(folder) (\(left.count) files of \(ExerciseWorkspace.instructorFolder)/ left out: the solutions and what tests them).")
    }
}
