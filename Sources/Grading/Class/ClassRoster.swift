import Course
import Foundation
import WorkbookBasics

/// The students of a class, found in a folder of submissions.
///
/// Each subfolder is one student, named after the folder. A submission is a clone of the
/// workbook (its `Exercises/` folder is taken) or just an `Exercises/` folder's contents.
/// Only `<ExerciseName>.swift` files are ever read from it: the student's copies of
/// `Sources/`, `Tests/` and `Package.swift` play no part in their grade.
public struct ClassRoster {
    public struct Student {
        public var submission: Submission
        /// One line each for what could not be graded as handed in: no exercise files, a
        /// file that is not an exercise.
        public var problems: [String]
    }

    public var students: [Student]

    /// Reads `folder`: every subfolder, in the byte order of the names (hidden ones
    /// skipped), so every machine that lists the class lists it alike (``StudentName``).
    public init(folder: URL, displayName: String) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ExerciseError("\(displayName): no such folder of submissions")
        }
        let names = try manager.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
            .sorted { StudentName($0) < StudentName($1) }
        students = names.compactMap { name in
            let path = folder.appendingPathComponent(name)
            var isStudentFolder: ObjCBool = false
            guard manager.fileExists(atPath: path.path, isDirectory: &isStudentFolder), isStudentFolder.boolValue else { return nil }
            return Self.student(named: name, at: path, displayFolder: "\(displayName)/\(VisibleEscapes.name(name))")
        }
    }

    private static func student(named name: String, at folder: URL, displayFolder: String) -> Student {
        let clone = folder.appendingPathComponent("Exercises")
        let (exercises, display) = FileManager.default.fileExists(atPath: clone.path)
            ? (clone, displayFolder + "/Exercises") : (folder, displayFolder)
        let submission = Submission(name: name, folder: exercises, displayFolder: display)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: exercises.path)) ?? []).filter { $0.hasSuffix(".swift") }
        let known = Set(ExerciseManifest.all.map { "\($0.name).swift" })
        var problems = files.filter { !known.contains($0) && $0 != "Package.swift" }.sorted().map {
            "\(display)/\($0) is not an exercise; it was not graded"
        }
        if !files.contains(where: known.contains) {
            problems.insert("\(displayFolder): no Exercises/ folder and no exercise files; everything is graded not started", at: 0)
        }
        return Student(submission: submission, problems: problems)
    }
}
