import Course
import Foundation
import ChildProcesses
import WorkbookBasics

/// The workbook as students get it: every file git tracks except the instructor's package
/// (`Instructor/`: the reference solutions and the tests that grade them), so a GitHub
/// Classroom template made from it hands out no answers.
///
/// Nothing is edited on the way: the root package never names that folder, so the edition
/// builds, and its `swift test` runs, exactly as the workbook's own does. `check`, `hint`,
/// `reset` and `grade` need the stubs and the checks, never the solutions; the maintainers'
/// commands that do need them say so in one line there.
public struct StudentEdition {
    public var workspace: ExerciseWorkspace

    public init(workspace: ExerciseWorkspace) {
        self.workspace = workspace
    }

    /// Whether a tracked path is the students': everything outside the instructor's package.
    static func isStudents(_ path: String) -> Bool {
        !path.hasPrefix(ExerciseWorkspace.instructorFolder + "/")
    }

    /// Writes the edition into `destination`, which must not exist or be empty. Returns the
    /// paths it left out.
    @discardableResult
    public func write(to destination: URL) throws -> [String] {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: destination.path), !existing.isEmpty {
            throw ExerciseError("\(destination.path) is not empty: give a new folder for the student edition")
        }
        let tracked = try trackedFiles()
        for path in tracked where Self.isStudents(path) {
            let source = workspace.url(path), target = destination.appendingPathComponent(path)
            guard let attributes = try? manager.attributesOfItem(atPath: source.path) else { continue } // deleted, not yet committed
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if attributes[.type] as? FileAttributeType == .typeSymbolicLink {
                // Links stay links; one into the instructor's package would dangle in the
                // edition, or hand it out.
                let link = try manager.destinationOfSymbolicLink(atPath: source.path)
                guard Self.isStudents(Self.resolve(link, from: path)) else {
                    throw ExerciseError("\(path) links to \(link), inside \(ExerciseWorkspace.instructorFolder)/, which the student edition leaves out")
                }
                try manager.createSymbolicLink(atPath: target.path, withDestinationPath: link)
                continue
            }
            try Data(contentsOf: source).write(to: target)
            if let permissions = attributes[.posixPermissions] {
                try manager.setAttributes([.posixPermissions: permissions], ofItemAtPath: target.path)
            }
        }
        return tracked.filter { !Self.isStudents($0) }
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

    /// What git tracks (and what is staged), so build products and a learner's scratch
    /// files never travel.
    private func trackedFiles() throws -> [String] {
        let result = try ChildProcess("git", ["ls-files", "-z", "--cached"], workingDirectory: workspace.root, timeout: 60).run()
        guard case .exited(0) = result.termination else {
            throw ExerciseError("the student edition is made from a git checkout of the workbook: `git ls-files` failed here (\(result.standardError.trimmingCharacters(in: .whitespacesAndNewlines)))")
        }
        return result.standardOutput.split(separator: "\0").map(String.init)
    }
}
