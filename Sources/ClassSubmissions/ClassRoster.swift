import ExerciseCatalog
import Foundation
import WorkbookBasics
import GradeRecords

/// The students of a class, found in a folder of submissions.
///
/// Each subfolder is one student, named after the folder. A submission is a clone of the
/// workbook (its `Exercises/` folder is taken) or just an `Exercises/` folder's contents.
/// Only `<ExerciseName>.swift` files are ever read from it: the student's copies of
/// `Sources/`, `Tests/` and `Package.swift` play no part in their grade. What in it is
/// neither an exercise nor the workbook's own, and so might run if the folder were opened in
/// an editor, is found and named (``RunsWhenOpenedSearch``).
public struct ClassRoster {
    public struct Student {
        public var submission: Submission
        /// One line each for what could not be graded as handed in: no exercise files, a
        /// file that is not an exercise.
        public var problems: [String]
        /// What in the student's folder is neither an exercise nor the workbook's own: what an
        /// editor might run when it opens the folder.
        public var runsWhenOpened: RunsWhenOpened
    }

    public var students: [Student]

    /// Reads `folder`: every subfolder, in the byte order of the names (hidden ones
    /// skipped), so every machine that lists the class lists it alike (``StudentName``).
    /// `workbook` is the grading workbook's root, whose files (in any commit of its history)
    /// a student's are compared with, read once for the class; `nil` calls every file but
    /// an exercise the student's.
    public init(folder: URL, displayName: String, workbook: URL? = nil) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw WorkbookError("\(displayName): no such folder of submissions")
        }
        let names = try manager.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
            .sorted { StudentName($0) < StudentName($1) }
        let workbookFiles = workbook.map(WorkbookFiles.init(root:)) ?? .nothing
        students = names.compactMap { name in
            let path = folder.appendingPathComponent(name)
            var isStudentFolder: ObjCBool = false
            guard manager.fileExists(atPath: path.path, isDirectory: &isStudentFolder), isStudentFolder.boolValue else { return nil }
            return Self.student(named: name, at: path, displayFolder: "\(displayName)/\(VisibleEscapes.name(name))", workbook: workbookFiles)
        }
    }

    /// The files that are not exercises a student's grade names one by one: a folder of
    /// thousands would otherwise fill the class's records with one line each.
    static let namedStrangers = 20

    private static func student(named name: String, at folder: URL, displayFolder: String, workbook: WorkbookFiles) -> Student {
        // A student's folder that is a link to another's (a class unpacked from archives
        // keeps top-level links) is not their work: its submission is the link itself,
        // which grading refuses as it refuses a linked `Exercises/`.
        guard PlainFile.isRealFolder(folder) else {
            return Student(submission: Submission(name: name, folder: folder, displayFolder: "Exercises"),
                           problems: ["\(displayFolder) is a symbolic link, not a folder of the class; nothing in it was graded"],
                           runsWhenOpened: RunsWhenOpenedSearch(folder: folder, layout: .exercisesOnly, workbook: workbook).run())
        }
        let layout = SubmissionLayout(folder: folder)
        let isClone = layout == .clone
        let clone = folder.appendingPathComponent("Exercises")
        // Paths in a student's grades are relative to their folder (`Exercises/X.swift:41:9`),
        // as they see them: nothing of the instructor's tree is in a message, and a bare
        // `Exercises/` is named as the learner's own checkout names it.
        let exercises = isClone ? clone : folder
        let display = "Exercises"
        // A clone lines up with the workbook's root; a bare Exercises/ with its Exercises/.
        let runsWhenOpened = RunsWhenOpenedSearch(folder: folder, layout: layout, workbook: workbook).run()
        let submission = Submission(name: name, folder: exercises, displayFolder: display)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: exercises.path)) ?? []).filter { $0.hasSuffix(".swift") }
        let known = Set(ExerciseManifest.all.map { "\($0.name).swift" })
        let strangers = files.filter { !known.contains($0) && $0 != "Package.swift" }.sorted()
        var problems = strangers.prefix(Self.namedStrangers).map { "\(display)/\($0) is not an exercise; it was not graded" }
        if strangers.count > Self.namedStrangers {
            problems.append("and \(strangers.count - Self.namedStrangers) more files in \(display)/ that are not exercises; none was graded")
        }
        if !files.contains(where: known.contains) {
            problems.insert("no Exercises/ folder and no exercise files; everything is graded not started", at: 0)
        }
        return Student(submission: submission, problems: problems, runsWhenOpened: runsWhenOpened)
    }
}

extension GradeRecord {
    /// A class's record: each student of the roster with their results, in the same order.
    public init(exercises: [Exercise], students: [ClassRoster.Student], grades: [[ExerciseResult]], shard: Shard? = nil) {
        self.init(exercises: exercises, students: zip(students, grades).map { student, results in
            Student(name: student.submission.name, problems: student.problems, exercises: results.map(Entry.init),
                    runsWhenOpened: student.runsWhenOpened)
        }, shard: shard)
    }
}
