import ArgumentParser
import SharedCommands
import ExerciseCatalog
import Foundation
import Grading
import TerminalUI
import LearnerTools
import Similarity
import WorkbookBasics
import GradeRecords
import ClassSubmissions
import GradeDisplay

struct Grade: ParsableCommand {
    static let configuration = { () -> CommandConfiguration in
        var configuration = HandedOnCommands.grade
        configuration.subcommands = [GradeMergeCommand.self]
        return configuration
    }()

    @Option(help: ArgumentHelp("Grade a class: every subfolder of this folder is one student's submission.", valueName: "folder"))
    var submissions: String?

    @Option(help: ArgumentHelp("Grade only the K-th of N shares of the class (needs --submissions); merge the parts with `grade merge`.", valueName: "K/N"))
    var shard: String?

    @Option(help: ArgumentHelp("Copy only the exercise files graded, for each student, into this new or empty folder: open it to read the class's work, never a student's own folder (needs --submissions).", valueName: "folder"))
    var review: String?

    @Option(name: .customLong("similarity"), help: ArgumentHelp("Also write the class's similarity report (the JSON of `workbook similarity`, at its default threshold) to this file (needs --submissions).", valueName: "file"))
    var similarityFile: String?

    @Flag(help: "Grade a class even where grading programs cannot be sandboxed (no bubblewrap, or no user namespaces): only when you trust every student.")
    var withoutSandbox = false

    @OptionGroup var outputs: GradeOutputs

    @OptionGroup var timeLimit: TimeLimitOption

    @OptionGroup var policy: GradingPolicyOptions

    @Option(help: "The seed every check draws its values and demands from (by default each draws its own; the grade record keeps each exercise's, which `workbook check NAME --seed` repeats).")
    var seed: UInt64?

    @Flag(help: "After the grades, print where the time went: per step (screen, compile, object inspection, link, sandbox start, judge start, run, record), the total and the median per file, and the wall time.")
    var timings = false

    @OptionGroup var options: TerminalOptions

    mutating func run() throws {
        let started = GradingTimings.now()
        let profile = timings ? GradingTimings() : nil
        let workspace = try ExerciseWorkspace.locate()
        var grader = Grader(workspace: workspace, policy: policy.policy(checkSeconds: timeLimit.seconds), log: logProgress)
        grader.seed = seed
        grader.timings = profile
        defer { if let profile { print("\n" + profile.report(wall: GradingTimings.now() - started), terminator: "") } }
        grader.showsProgress()
        if let notice = Grader.sandboxNotice { logProgress(notice) }
        let exercises = ExerciseManifest.all
        guard let submissions else {
            if shard != nil { throw WorkbookError("--shard needs --submissions: only a class can be graded in shares") }
            if review != nil { throw WorkbookError("--review needs --submissions: it copies a class's graded files") }
            if similarityFile != nil { throw WorkbookError("--similarity needs --submissions: it compares a class's files") }
            let results = try grader.grade(exercises)
            let recordStarted = GradingTimings.now()
            print(GradeTable(results: results, terminal: options.terminal).text, terminator: "")
            try outputs.write(GradeRecord(exercises: exercises, rows: [(student: "Exercises", results: results, problems: [])]))
            profile?.addWhole("record", GradingTimings.now() - recordStarted)
            return
        }
        let shard = try shard.map(ClassShard.init(parsing:))
        if shard != nil, similarityFile != nil {
            // A share of the class would miss every copy between two shares.
            throw WorkbookError("--similarity compares the whole class, not a shard: run `workbook similarity --submissions \(submissions) --json FILE` once")
        }
        let roster = try ClassRoster(folder: URL(fileURLWithPath: submissions), displayName: submissions, workbook: workspace.root)
        guard !roster.students.isEmpty else { throw WorkbookError("\(submissions): no submissions in it (one subfolder per student)") }
        // No grading program may see the class: not another student's file, not its own folder.
        let students = shard?.share(of: roster.students) ?? roster.students
        if let refusal = Grader.sandboxRefusal(gradingStudents: students.count, trustingEveryone: withoutSandbox) {
            throw WorkbookError(refusal)
        }
        if let shard { logProgress("shard \(shard.index)/\(shard.count): \(students.count) of \(roster.students.count) students") }
        if outputs.gradescopeFile != nil, students.count != 1 {
            // Said before grading, not after minutes of it.
            throw WorkbookError("--gradescope: Gradescope takes one submission's results, but \(submissions) holds \(students.count) students; give a folder with one")
        }
        // A folder that cannot take the review copy is refused before grading, too.
        let reviewCopy = try review.map { try ReviewCopy(folder: URL(fileURLWithPath: $0), displayName: $0) }
        // The similarity report takes seconds, grading minutes: written first, so that a file
        // that cannot be written is said before grading, not after it.
        let similarity = try similarityFile.map { file in
            try SimilarityCommand.checkCanWrite(file)
            let report = try SimilarityCommand.report(submissions: submissions, against: nil, root: workspace.root, options: SimilarityOptions())
            try GradeOutputs.write(try SimilarityJSON.json(report), to: file)
            return (file: file, flagged: report.pairs.count)
        }
        let grades = students.isEmpty ? [] : try grader.grade(students.map(\.submission), exercises)
        let recordStarted = GradingTimings.now()
        let record = GradeRecord(exercises: exercises, students: students, grades: grades, shard: shard?.record)
        print(ClassReport(record: record).table(terminal: options.terminal), terminator: "")
        try outputs.write(record)
        profile?.addWhole("record", GradingTimings.now() - recordStarted)
        if let similarity {
            print("\nSimilarity: \(similarity.flagged) pairs flagged at \(String(format: "%.2f", SimilarityOptions.defaultThreshold)), written to \(similarity.file). \(SimilarityReport.caution)")
        }
        if let reviewCopy, let review {
            try reviewCopy.write(students.map(\.submission), exercises: exercises)
            print("\nThe review copy is in \(review): only the exercise files graded. Open that folder to read them, never a student's own.")
        }
    }
}

/// `workbook grade merge`: the parts of a class graded with --shard, joined into one.
struct GradeMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the --json records of a class graded in shards (grade --shard K/N) into one.",
        discussion: "Refuses parts graded with other exercises, a shard missing or given twice, and a student in two parts. Prints the class's table; --json/--csv/--junit/--gradescope write it."
    )

    @Argument(help: ArgumentHelp("The parts: each a file `grade --json` wrote.", valueName: "part.json"))
    var parts: [String]

    @OptionGroup var outputs: GradeOutputs

    @OptionGroup var options: TerminalOptions

    func validate() throws {
        if parts.isEmpty { throw ValidationError("give the parts to merge: grade merge PART.json…") }
    }

    mutating func run() throws {
        let records = try parts.map { path in
            guard let data = FileManager.default.contents(atPath: path) else { throw WorkbookError("\(path): cannot read it") }
            return (name: path, record: try GradeRecord.read(data, name: path))
        }
        let record = try GradeMerge.merge(records)
        print(ClassReport(record: record).table(terminal: options.terminal), terminator: "")
        try outputs.write(record)
    }
}

/// The files `grade` and `grade merge` can write, every one drawn from the same record.
struct GradeOutputs: ParsableArguments {
    @Option(name: .customLong("json"), help: ArgumentHelp("Write the grade record (versioned JSON, the one `grade merge` reads) to this file.", valueName: "file"))
    var jsonFile: String?

    @Option(name: .customLong("csv"), help: ArgumentHelp("Write the results as CSV (one row per student) to this file.", valueName: "file"))
    var csvFile: String?

    @Option(name: .customLong("junit"), help: ArgumentHelp("Write the results as JUnit XML to this file.", valueName: "file"))
    var junitFile: String?

    @Option(name: .customLong("gradescope"), help: ArgumentHelp("Write Gradescope's autograder results (one submission) to this file.", valueName: "file"))
    var gradescopeFile: String?

    func write(_ record: GradeRecord) throws {
        // Gradescope's first: it is the one that can refuse the record.
        if let gradescopeFile { try write(try GradescopeResults.json(record), to: gradescopeFile) }
        if let jsonFile { try write(try record.json(), to: jsonFile) }
        if let csvFile { try write(GradeCSV.csv(record), to: csvFile) }
        if let junitFile { try write(GradeJUnit.junit(record), to: junitFile) }
    }

    private func write(_ data: Data, to path: String) throws {
        try Self.write(data, to: path)
    }

    static func write(_ data: Data, to path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw WorkbookError("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
