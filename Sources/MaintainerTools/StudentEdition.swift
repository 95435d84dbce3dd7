import ExerciseCatalog
import Foundation
import ChildProcesses
import WorkbookBasics

/// The workbook as students get it: every file committed at `HEAD` except the instructor's
/// package (`Instructor/`: the reference solutions and the tests that grade them), so a
/// GitHub Classroom template made from it hands out no answers.
///
/// The edition is HEAD's bytes, never the working tree's: an instructor who tried a
/// solution in `Exercises/MyAssign.swift` and did not commit it must not ship it to the
/// class. An exercise file with local edits (staged or not), or an untracked file in
/// `Exercises/`, is refused outright: either the edit is a solution that must not ship, or
/// a change meant for the class that is not committed yet, and the maintainer should say
/// which. Local edits elsewhere are only named: HEAD's version is written.
///
/// Nothing is edited on the way: the root package never names that folder, so the edition
/// builds, and its `swift test` runs, exactly as the workbook's own does. `check`, `hint`,
/// `reset` and `grade` need the stubs and the checks, never the solutions; the maintainers'
/// commands that do need them say so in one line there.
public struct StudentEdition {
    public var workspace: ExerciseWorkspace

    /// What ``write(to:)`` did besides copying.
    public struct Written: Equatable {
        /// HEAD's files under `Instructor/`, left out.
        public var instructorFiles: [String]
        /// Paths outside `Exercises/` and `Instructor/` with local edits: the edition holds
        /// HEAD's version of each (or nothing, for one HEAD does not have).
        public var edited: [String]
        /// Untracked paths outside `Exercises/` and `Instructor/`: not in the edition.
        public var untracked: [String]
    }

    public init(workspace: ExerciseWorkspace) {
        self.workspace = workspace
    }

    /// Whether a committed path is the students': everything outside the instructor's package.
    static func isStudents(_ path: String) -> Bool {
        !path.hasPrefix(ExerciseWorkspace.instructorFolder + "/")
    }

    /// Whether a path is in the learner's exercise folder, where an uncommitted edit is refused.
    static func isExercise(_ path: String) -> Bool {
        path.hasPrefix("Exercises/")
    }

    /// Writes the edition into `destination`, which must not exist or be empty.
    @discardableResult
    public func write(to destination: URL) throws -> Written {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: destination.path), !existing.isEmpty {
            throw WorkbookError("\(destination.path) is not empty: give a new folder for the student edition")
        }
        let edits = try LocalEdits(root: workspace.root)
        try Self.refuseUncommittedExercises(edits)
        let committed = try CommittedFiles(root: workspace.root)
        for file in committed.files where Self.isStudents(file.path) {
            let target = destination.appendingPathComponent(file.path)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            switch file.kind {
            case .symbolicLink:
                // Links stay links; one into the instructor's package would dangle in the
                // edition, or hand it out.
                guard Self.isStudents(Self.resolve(file.linkTarget, from: file.path)) else {
                    throw WorkbookError("\(file.path) links to \(file.linkTarget), inside \(ExerciseWorkspace.instructorFolder)/, which the student edition leaves out")
                }
                try manager.createSymbolicLink(atPath: target.path, withDestinationPath: file.linkTarget)
            case .regular, .executable:
                try file.bytes.write(to: target)
                try manager.setAttributes([.posixPermissions: file.kind == .executable ? 0o755 : 0o644], ofItemAtPath: target.path)
            }
        }
        return Written(
            instructorFiles: committed.files.map(\.path).filter { !Self.isStudents($0) },
            edited: edits.edited.filter(Self.isStudents), untracked: edits.untracked.filter(Self.isStudents))
    }

    /// Refuses, in one line naming each, every file in `Exercises/` that is not as committed.
    static func refuseUncommittedExercises(_ edits: LocalEdits) throws {
        let named = edits.edited.filter(isExercise).map { "\(VisibleEscapes.terminalLine($0)) (local edits)" }
            + edits.untracked.filter(isExercise).map { "\(VisibleEscapes.terminalLine($0)) (untracked)" }
        guard named.isEmpty else {
            throw WorkbookError("the student edition is HEAD's committed files, and \(named.joined(separator: ", ")) \(named.count == 1 ? "is" : "are") not as committed: commit, stash or remove \(named.count == 1 ? "it" : "them") first, so no tried-out solution ships to the class")
        }
    }

    /// Where a relative link at `path` points, relative to the workbook's root (`..` taken
    /// lexically, as git stores the link).
    static func resolve(_ link: String, from path: String) -> String {
        var parts = link.hasPrefix("/") ? [] : path.split(separator: "/").dropLast().map(String.init)
        for part in link.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
