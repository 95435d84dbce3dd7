import ArgumentParser
import Course
import Foundation
import Workbook

struct Grade: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Grade exercises, for instructors: this workbook's, or a whole class's with --submissions.",
        discussion: """
            Each exercise is one of: not started, passed, failed (with the check's first \
            message), does not compile (with the first compiler error), crashed (with the \
            trap's message or the signal), timed out, or exited early (the exercise called \
            exit() before its check finished). Every exercise file is built and run on its \
            own, so one broken exercise never hides the others.

            With --submissions DIR, every subfolder of DIR is one student's submission: a \
            clone of the workbook, or just its Exercises/ folder. Only their \
            Exercises/<Name>.swift files are used; the checks, the library and the tests \
            are this workbook's own. The library is built once for the whole class. \
            Exits 0 whenever grading itself worked, whatever the grades.
            """
    )

    @Option(help: ArgumentHelp("Grade a class: every subfolder of this folder is one student's submission.", valueName: "folder"))
    var submissions: String?

    @Option(name: .customLong("json"), help: ArgumentHelp("Also write the results as JSON to this file.", valueName: "file"))
    var jsonFile: String?

    @Option(name: .customLong("csv"), help: ArgumentHelp("Also write the results as CSV (one row per student) to this file.", valueName: "file"))
    var csvFile: String?

    @Option(name: .customLong("junit"), help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "file"))
    var junitFile: String?

    @OptionGroup var timeLimit: TimeLimitOption

    @OptionGroup var options: TerminalOptions

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locate()
        var grader = Grader(workspace: workspace, timeLimit: timeLimit.seconds(or: Grader.defaultTimeLimit), log: logProgress)
        if let notice = Grader.sandboxNotice { logProgress(notice) }
        if let submissions {
            grader.hiddenFolders = [URL(fileURLWithPath: submissions).standardizedFileURL]
            let roster = try ClassRoster(folder: URL(fileURLWithPath: submissions), displayName: submissions)
            guard !roster.students.isEmpty else { throw ExerciseError("\(submissions): no submissions in it (one subfolder per student)") }
            let grades = try grader.grade(roster.students.map(\.submission), ExerciseManifest.all)
            let report = ClassReport(exercises: ExerciseManifest.all, rows: zip(roster.students, grades).map {
                ClassReport.Row(student: $0.submission.name, results: $1, problems: $0.problems)
            })
            print(report.table(terminal: options.terminal), terminator: "")
            try export(json: report.json(), csv: report.csv(), junit: report.junit())
        } else {
            let results = try grader.grade(ExerciseManifest.all)
            print(GradeTable(results: results, terminal: options.terminal).text, terminator: "")
            let asClass = ClassReport(exercises: ExerciseManifest.all, rows: [.init(student: "Exercises", results: results, problems: [])])
            try export(json: GradeExport.json(results), csv: asClass.csv(), junit: GradeExport.junit(results))
        }
    }

    /// Writes the files asked for.
    private func export(json: @autoclosure () throws -> Data, csv: @autoclosure () -> Data, junit: @autoclosure () -> Data) throws {
        if let jsonFile { try write(try json(), to: jsonFile) }
        if let csvFile { try write(csv(), to: csvFile) }
        if let junitFile { try write(junit(), to: junitFile) }
    }

    private func write(_ data: Data, to path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw ExerciseError("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
