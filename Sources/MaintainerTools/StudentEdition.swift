import Course
import Foundation
import ChildProcesses
import WorkbookBasics

/// The workbook as students get it: every tracked file except the reference solutions and
/// what exists only to test them, so a GitHub Classroom template made from it hands out no
/// answers. `swift test`, `check`, `hint`, `reset` and `grade` work there unchanged: they
/// need the stubs and the checks, never the solutions.
///
/// Left out:
/// - `Sources/Solutions/` and the `Solutions` target;
/// - `Tests/SolutionTests/` and its target (they prove every solution passes);
/// - any other test file that reads a solution (it names `solutionPath` or `Sources/Solutions`),
///   and any that uses a type one of those declares, found by reading the tests, so a
///   maintainer's new test is handled without a list here;
/// - the maintainers' CI (`.ci/`, and the workflows that run it or solve an exercise with
///   its solution: `ci.yml`, `macos.yml`) and the instructor's workflows (grading a roster),
///   which belong to the instructor's repository, not the students'.
public struct StudentEdition {
    public var workspace: ExerciseWorkspace

    public init(workspace: ExerciseWorkspace) {
        self.workspace = workspace
    }

    /// Folders left out whole, and workflows that are the instructor's.
    static let droppedFolders = ["Sources/Solutions/", "Tests/SolutionTests/", ".ci/"]
    static let droppedFiles: Set<String> = [".github/workflows/grade-roster.yml", ".github/workflows/ci.yml", ".github/workflows/macos.yml"]
    /// The manifest lines that declare what the edition leaves out.
    static let droppedManifestLines = [#".target(name: "Solutions""#, #".testTarget(name: "SolutionTests""#]

    /// Writes the edition into `destination`, which must not exist or be empty. Returns the
    /// paths it left out.
    @discardableResult
    public func write(to destination: URL) throws -> [String] {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: destination.path), !existing.isEmpty {
            throw ExerciseError("\(destination.path) is not empty: give a new folder for the student edition")
        }
        var left: [String] = []
        let tracked = try trackedFiles()
        let droppedTests = testsNeedingSolutions(among: tracked)
        for path in tracked {
            guard keeps(path, droppedTests: droppedTests) else { left.append(path); continue }
            let source = workspace.url(path), target = destination.appendingPathComponent(path)
            guard let attributes = try? manager.attributesOfItem(atPath: source.path) else { continue } // deleted, not yet committed
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if attributes[.type] as? FileAttributeType == .typeSymbolicLink {
                // Links stay links (Sources/Scenarios/Chapters points at Chapters/).
                try manager.createSymbolicLink(atPath: target.path, withDestinationPath: try manager.destinationOfSymbolicLink(atPath: source.path))
                continue
            }
            var data = try Data(contentsOf: source)
            if path == "Package.swift" { data = Data(try Self.editionManifest(String(decoding: data, as: UTF8.self)).utf8) }
            try data.write(to: target)
            if let permissions = attributes[.posixPermissions] {
                try manager.setAttributes([.posixPermissions: permissions], ofItemAtPath: target.path)
            }
        }
        return left
    }

    private func keeps(_ path: String, droppedTests: Set<String>) -> Bool {
        !Self.droppedFolders.contains(where: path.hasPrefix) && !Self.droppedFiles.contains(path) && !droppedTests.contains(path)
    }

    /// The test files that read a solution (they name `solutionPath` or `Sources/Solutions`),
    /// and then, until nothing changes, those that use a type one of them declares (a test
    /// borrowing another's helpers would no longer compile).
    private func testsNeedingSolutions(among paths: [String]) -> Set<String> {
        var texts: [String: String] = [:]
        for path in paths where path.hasPrefix("Tests/") && path.hasSuffix(".swift") && !Self.droppedFolders.contains(where: path.hasPrefix) {
            texts[path] = (try? String(contentsOf: workspace.url(path), encoding: .utf8)) ?? ""
        }
        var dropped = Set(texts.filter { $0.value.contains("solutionPath") || $0.value.contains("Sources/Solutions") }.keys)
        while true {
            let names = dropped.flatMap { Self.declaredTypes(in: texts[$0] ?? "") }
            let more = texts.filter { path, text in
                !dropped.contains(path) && names.contains { text.range(of: "\\b\(NSRegularExpression.escapedPattern(for: $0))\\b", options: .regularExpression) != nil }
            }.keys
            if more.isEmpty { return dropped }
            dropped.formUnion(more)
        }
    }

    /// The names of the types a file declares at the start of a line, after any attributes
    /// (whose arguments may hold one level of parentheses: `@Suite(.tags(.slow))`).
    static func declaredTypes(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"^(?:@\w+(?:\((?:[^()]|\([^()]*\))*\))?\s+)*(?:public\s+|final\s+|private\s+)*(?:struct|class|enum|actor)\s+(\w+)"#, options: .anchorsMatchLines)
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } }
    }

    /// The root manifest without the targets the edition leaves out; refuses to guess if
    /// the manifest no longer declares them on one line each.
    static func editionManifest(_ manifest: String) throws -> String {
        var lines = manifest.components(separatedBy: "\n")
        for declaration in droppedManifestLines {
            guard let index = lines.firstIndex(where: { $0.contains(declaration) }) else {
                throw ExerciseError("Package.swift: no line declares \(declaration)…); update StudentEdition.droppedManifestLines")
            }
            lines.remove(at: index)
        }
        return lines.joined(separator: "\n")
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
