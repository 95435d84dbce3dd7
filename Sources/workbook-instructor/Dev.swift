import ArgumentParser
import SharedCommands
import Foundation
import ExerciseCatalog
import Grading
import LearnerTools
import MaintainerTools
import TerminalUI
import WorkbookBasics

/// Commands for the workbook's maintainers.
struct Dev: ParsableCommand {
    static let configuration = { () -> CommandConfiguration in
        var configuration = HandedOnCommands.dev
        configuration.subcommands = [DevCheckCommand.self, I18nCommand.self, KitCommand.self, ExercisesCommand.self, NewCommand.self, GenerateCommand.self, UsesCommand.self, SampleClassCommand.self, StudentEditionCommand.self]
        return configuration
    }()
}

struct DevCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate every exercise: stubs fail, solutions pass, hints, chapters, stray files, unique names, and the generated files (Exercises/, autograding.json) in line with the list.",
        discussion: "Exits non-zero, listing each problem, unless everything holds. CI runs it. For the workbook's own repository: in a learner's tree the edited Exercises/ files are reported as drift."
    )

    @OptionGroup var timeLimit: TimeLimitOption

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locate()
        var grader = Grader(workspace: workspace, policy: GradingPolicy(checkSeconds: timeLimit.seconds(or: GradingPolicy().checkSeconds)), log: logProgress)
        grader.showsProgress()
        var report = try DevCheck(workspace: workspace, grader: grader).run()
        // Here, not in DevCheck.run(): swift test runs that, and in a learner's tree edited
        // Exercises/ files are the point.
        report.problems += try GeneratedFiles(workspace: workspace, exercises: workspace.readExerciseList()).drift()
        report.checked.append("the generated files (each Exercises/ copy, \(ClassroomAutograding.path)) are what the exercise list gives")
        // A tick only when nothing failed: a check line does not say which problems are its own.
        for line in report.checked { print(report.problems.isEmpty ? "✔ \(line)" : "· checked: \(line)") }
        for line in report.problems { print("✘ \(line)") }
        if !report.problems.isEmpty {
            print("\(report.problems.count) problem\(report.problems.count == 1 ? "" : "s") found.")
            throw ExitCode.failure
        }
    }
}

struct KitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kit",
        abstract: "Build the grading kit (the driver and the library every grading program links) if its sources changed.",
        discussion: "`check` and `grade` build it themselves when they need to; a class's set-up (CI, Gradescope's image) runs this once so that no submission waits for it."
    )

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locate()
        var grader = Grader(workspace: workspace, log: logProgress)
        grader.showsProgress()
        try grader.prepareKit()
        print("The grading kit is current (\(grader.kitLibraryPath)).")
    }
}

struct SampleClassCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-class",
        abstract: "Write a made-up class of submissions in mixed states, to try or time `workbook grade --submissions`.",
        discussion: """
            Each student hands in one file per exercise (14), and each file is one of: solved (the \
            reference solution), untouched (the stub: not started, never built), failing (the stub \
            with a comment: compiles, fails its check), broken (a type error: does not compile), \
            trapping (fatalError where the stub's first TODO is: crashed), exiting (exit(3) there: \
            exited early) or hanging (an endless loop there: timed out, at the check's time limit). \
            Each number is of files in the whole class; the kinds given no number share the rest \
            in turn, and when every kind is given one, the rest are untouched. By default: 2 \
            trapping, 2 exiting and 2 hanging files, each another student's and exercise's, and \
            the rest solved, untouched, failing and broken in turn (a class of 30: 420 files, 102 \
            solved, 106 untouched, 102 failing, 104 broken). The same numbers make the same class.
            """
    )

    @Argument(help: "The folder to write the class into (created if needed).")
    var folder: String

    @Option(help: "How many students.")
    var students = 30

    @Option(help: ArgumentHelp("How many files are the reference solution.", valueName: "n"))
    var solved: Int?

    @Option(help: ArgumentHelp("How many files are the stub, untouched.", valueName: "n"))
    var untouched: Int?

    @Option(help: ArgumentHelp("How many files are started but fail their check.", valueName: "n"))
    var failing: Int?

    @Option(help: ArgumentHelp("How many files do not compile.", valueName: "n"))
    var broken: Int?

    @Option(help: ArgumentHelp("How many files trap in their check (default: \(SampleClass.defaultCounts[.trapping] ?? 0)).", valueName: "n"))
    var trapping: Int?

    @Option(help: ArgumentHelp("How many files call exit() in their check (default: \(SampleClass.defaultCounts[.exiting] ?? 0)).", valueName: "n"))
    var exiting: Int?

    @Option(help: ArgumentHelp("How many files loop for ever in their check (default: \(SampleClass.defaultCounts[.hanging] ?? 0)).", valueName: "n"))
    var hanging: Int?

    /// The numbers given, over the defaults.
    var counts: [SampleClass.Handed: Int] {
        var counts = SampleClass.defaultCounts
        let given: [SampleClass.Handed: Int?] = [.solved: solved, .untouched: untouched, .failing: failing, .broken: broken,
                                                 .trapping: trapping, .exiting: exiting, .hanging: hanging]
        for (kind, number) in given { if let number { counts[kind] = number } }
        return counts
    }

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locate()
        try SampleClass(workspace: workspace, students: students, counts: counts).write(to: URL(fileURLWithPath: folder))
        let tally = SampleClass.tally(students: students, exercises: ExerciseManifest.all.count, counts: counts)
        let kinds = SampleClass.Handed.allCases.compactMap { kind in tally[kind].map { "\($0) \(kind.rawValue)" } }.joined(separator: ", ")
        print("Wrote \(students) submissions into \(folder) (\(kinds)). Grade them with: swift run workbook grade --submissions \(folder)")
    }

    func validate() throws {
        if students < 1 || students > 500 { throw ValidationError("--students must be from 1 to 500") }
        if let problem = SampleClass.problem(counts: counts, students: students, exercises: ExerciseManifest.all.count) { throw ValidationError(problem) }
    }
}

struct ExercisesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercises",
        abstract: "List the exercises, in order: one name a line, or every field as JSON.",
        discussion: "Scripts (CI among them) read the exercise list here rather than reading Sources/ExerciseCatalog/exercises.json themselves: this is the list the workbook was built with, checked."
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
                    points: exercise.points, file: exercise.filePath, stub: exercise.stubPath,
                    solution: exercise.solutionPath, binding: exercise.bindingPath)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(listings), as: UTF8.self))
    }
}

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Add an exercise: its entry in the list and every file it is made of (stub, solution, check, the judge's side of it, driver binding), then what the list generates.",
        discussion: "Each file is a placeholder that builds, marked TODO(dev new), and the check fails every implementation until it is written: `workbook dev check` names what is left. docs/maintainers.md says what to write in each."
    )

    @Argument(help: "The exercise's name, a Swift type name: it names its files, its test and <Name>Driver.")
    var name: String

    @Option(help: "The chapter that teaches it: its number, file name (04-amb) or slug (amb).")
    var chapter: String

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locate()
        let exercise = try NewExercise(name: name, chapter: chapter, in: workspace)
        for path in try exercise.write(in: workspace) { print("Wrote \(path)") }
        print("Now write what each \(NewExercise.placeholderMark) asks, then `swift build` and `swift run workbook dev check`.")
    }
}

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write every file generated from the exercise list: the list as Swift (Sources/ExerciseCatalog/Generated/), a test per exercise (Tests/ExerciseTests/Generated/), each exercise's copy of its stub in Exercises/, and .github/classroom/autograding.json.",
        discussion: "With --check, write nothing and list each file that drifted, exiting non-zero if any did; `workbook dev check` runs the same check. An Exercises/ file is written only where it is missing or is an earlier version of its stub: a learner's edit is never written over (`workbook reset NAME` puts a stub back, keeping the edit in Exercises/.backup/)."
    )

    @Flag(help: "Only check: list each generated file that is missing or differs, and exit non-zero if any is.")
    var check = false

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locate()
        let files = GeneratedFiles(workspace: workspace, exercises: try workspace.readExerciseList())
        if check {
            let drift = try files.drift()
            for line in drift { print("✘ \(line)") }
            guard drift.isEmpty else { throw ExitCode.failure }
            print("✔ every file generated from the exercise list is up to date")
            return
        }
        let written = try files.write()
        for path in written { print("Wrote \(path)") }
        for exercise in files.editedCopies {
            print("Kept \(exercise.filePath): it is an edit of its stub, not generated (`swift run workbook reset \(exercise.name)` puts the stub back)")
        }
        if written.isEmpty { print("Every file generated from the exercise list was already up to date.") }
    }
}

struct UsesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uses",
        abstract: "Write what each exercise that asks for the learner's own work lets its file use because its stub or reference solution does (\(ReferenceUsesSource.path)).",
        discussion: "Grades every stub and solution as `dev check` does and lists what each compiled object uses of Combine's and the library's modules. Rebuild afterwards: the list is compiled in. `dev check` reports where the committed file drifted."
    )

    @OptionGroup var timeLimit: TimeLimitOption

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locate()
        var grader = Grader(workspace: workspace, policy: GradingPolicy(checkSeconds: timeLimit.seconds(or: GradingPolicy().checkSeconds)), log: logProgress)
        grader.showsProgress()
        let report = try DevCheck(workspace: workspace, grader: grader).run()
        let source = ReferenceUsesSource(uses: report.uses)
        if try FileWriting.writeIfChanged(source.text, to: workspace.url(ReferenceUsesSource.path)) {
            print("Wrote \(ReferenceUsesSource.path): \(report.uses.values.map(\.count).reduce(0, +)) names over \(report.uses.count) exercises. Rebuild (`swift build`), then run `swift run workbook dev check`.")
        } else {
            print("\(ReferenceUsesSource.path) was already what the stubs and solutions use.")
        }
    }
}

struct StudentEditionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "student-edition",
        abstract: "Write the workbook without Instructor/ (the reference solutions and the tests that need them): the repository to make a classroom template from.",
        discussion: """
            Copies the files committed at HEAD, except Instructor/, unchanged (modes and \
            symbolic links kept), never the working tree's versions. Refuses while any file \
            in Exercises/ has local edits (staged or not) or is untracked; other uncommitted \
            files are named and left as HEAD has them. swift test, check, hint, reset and \
            grade all work in the edition.
            """
    )

    @Argument(help: "The folder to write the edition into (new, or empty).")
    var folder: String

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locate()
        let written = try StudentEdition(workspace: workspace).write(to: URL(fileURLWithPath: folder))
        let notes = written.edited.map { "\(VisibleEscapes.terminalLine($0)): not in the edition (uncommitted); the edition has HEAD's version" }
            + written.untracked.map { "\(VisibleEscapes.terminalLine($0)): not in the edition (uncommitted)" }
        for note in notes { FileHandle.standardError.write(Data((note + "\n").utf8)) }
        print("Wrote the student edition of HEAD into \(folder) (\(written.instructorFiles.count) files of \(ExerciseWorkspace.instructorFolder)/ left out: the solutions and what tests them).")
    }
}
