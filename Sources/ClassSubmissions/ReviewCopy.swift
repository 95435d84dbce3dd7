import ExerciseCatalog
import Foundation
import WorkbookBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder an instructor opens to read a class's work (`grade --review DIR`): for each
/// student, only the exercise files the grade read, as plain files, in
/// `DIR/<student>/Exercises/<Name>.swift`, and nothing else.
///
/// A student's own folder may hold a `Package.swift`, `.vscode/` or anything else an editor
/// runs when it opens the folder (``RunsWhenOpenedSearch``); the review copy holds none of
/// that, so opening it runs nothing a student wrote. Each file is read as grading reads it
/// (``PlainFile``: no symbolic link, nothing over the size limit).
public struct ReviewCopy {
    public var folder: URL

    /// Makes sure `folder` is new or empty (a review copy never mixes with older files),
    /// and creates it.
    public init(folder: URL, displayName: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue, PlainFile.isRealFolder(folder),
                  (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true
            else { throw WorkbookError("--review \(displayName): not a new or empty folder; give one for the review copy") }
        } else {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw WorkbookError("--review \(displayName): cannot create it (\(error.localizedDescription))")
            }
        }
        self.folder = folder
    }

    /// Writes each student's exercise files; returns the folder name each student got, in
    /// order (their own name, escaped when it holds what a terminal or a file list would
    /// not show as written, and cut when too long for a folder's name).
    @discardableResult
    public func write(_ submissions: [Submission], exercises: [Exercise]) throws -> [String] {
        try submissions.map { submission in
            let student = try makeStudentFolder(for: submission.name)
            let target = student.url.appendingPathComponent("Exercises")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
            // A submission reached through a link (a student's folder, or their `Exercises/`,
            // that links to another's) is graded as nothing, and copied as nothing: its files
            // are someone else's.
            guard PlainFile.isRealFolder(submission.folder) else { return student.name }
            for exercise in exercises {
                guard case .success(let bytes) = PlainFile.read(submission.fileURL(of: exercise)) else { continue }
                try bytes.write(to: target.appendingPathComponent("\(exercise.name).swift"), options: .withoutOverwriting)
            }
            return student.name
        }
    }

    /// A student's name as a folder name that shows what it is: control characters, line
    /// and paragraph separators and direction overrides escaped as `\u{…}`, as the grade
    /// table shows them, and a leading `.` too, so no name is hidden, `.` or `..`.
    public static func folderName(for student: String) -> String {
        let escaped = VisibleEscapes.terminalLine(student)
        guard !escaped.isEmpty else { return "\\u{0}" }
        return cut(escaped.hasPrefix(".") ? "\\u{2E}" + escaped.dropFirst() : escaped)
    }

    /// The bytes a folder name keeps: file systems allow 255, and a ` (1000)` must still fit.
    /// A name written with escapes can be six times its own length.
    static let nameLimit = 240

    /// `name`, or its first bytes and `…` when it is longer than ``nameLimit``: two names cut
    /// alike get ` (2)` as any two names that read alike do.
    static func cut(_ name: String) -> String {
        guard name.utf8.count > nameLimit else { return name }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in name.unicodeScalars {
            let size = String(scalar).utf8.count
            guard bytes + size <= nameLimit - "…".utf8.count else { break }
            kept.append(scalar)
            bytes += size
        }
        return String(kept) + "…"
    }

    /// Creates the student's folder, never an existing one: two names that escape alike, or
    /// that the file system takes for one (case, Unicode normalization), get ` (2)`, ` (3)`…
    private func makeStudentFolder(for student: String) throws -> (name: String, url: URL) {
        let base = Self.folderName(for: student)
        for attempt in 1...1000 {
            let name = attempt == 1 ? base : "\(base) (\(attempt))"
            let url = folder.appendingPathComponent(name)
            if mkdir(url.path, 0o755) == 0 { return (name, url) }
            guard errno == EEXIST else {
                throw WorkbookError("--review: cannot create the folder for \(base): \(String(cString: strerror(errno)))")
            }
        }
        throw WorkbookError("--review: 1000 students' names read as \(base); give each a name of their own")
    }
}
