import Foundation
import Testing
import ChildProcesses
import WorkbookTestSupport
@testable import Grading

/// Folders that untrusted code wrote into go whole, whatever it made of them.
@Suite struct TreeRemovalTests {
    /// A tree nested past the system's path limit (Foundation's `removeItem` gives up on it
    /// and leaves everything), with a folder in it that its owner cannot read or enter.
    private func makeHostileTree(in folder: URL) throws {
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try Data().write(to: locked.appendingPathComponent("file"))
        chmod(locked.path, 0)
        // One folder inside the last, by descriptor: no path is ever spelled out whole.
        var parent = open(folder.path, O_RDONLY | O_DIRECTORY)
        for _ in 0..<460 {
            try #require(mkdirat(parent, "nnnnnnnnn", 0o755) == 0)
            let child = openat(parent, "nnnnnnnnn", O_RDONLY | O_DIRECTORY)
            close(parent)
            parent = child
        }
        let file = openat(parent, "file", O_WRONLY | O_CREAT, 0o644)
        try #require(file >= 0)
        close(file)
        close(parent)
    }

    @Test func removesATreeDeeperThanThePathLimitAndAFolderItsOwnerCannotRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tree-\(UUID().uuidString)")
        try makeHostileTree(in: folder)
        TreeRemoval.remove(folder)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// A grading job's folder keeps its program and nothing else, however deep the rest.
    @Test func aJobFolderKeepsOnlyItsProgram() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("job-\(UUID().uuidString)")
        defer { TreeRemoval.remove(folder) }
        try makeHostileTree(in: folder)
        try Data("program".utf8).write(to: folder.appendingPathComponent("program"))
        ExerciseCompiler.keepOnlyProgram(in: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["program"])
    }
}
