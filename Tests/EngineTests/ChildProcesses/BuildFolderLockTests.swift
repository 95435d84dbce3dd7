import Foundation
import Testing
@testable import ChildProcesses
import WorkbookTestSupport

/// Whether the kits may ask SwiftPM for a build in the workbook's folder: not from inside
/// the `swift test` that holds its lock.
@Suite struct BuildFolderLockTests {
    /// These tests run inside `swift test` of the workbook: SwiftPM's own lock and pid say so.
    @Test func theSwiftTestRunningTheseTestsIsSeenHoldingTheWorkbooksLock() {
        let lock = BuildFolderLock(buildFolder: BuiltWorkbook.packageRoot.appendingPathComponent(".build"))
        #expect(lock.isSeenFree == false, "SwiftPM's lock file is \(lock.swiftPMLockFile.path)")
        #expect(lock.isHeld)
    }

    @Test func theLockFileDecidesAndThePidOnlyWhereThereIsNone() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)")
        let lock = BuildFolderLock(buildFolder: root.appendingPathComponent(".build"))
        try FileManager.default.createDirectory(at: lock.buildFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root); try? FileManager.default.removeItem(at: lock.swiftPMLockFile) }
        #expect(lock.swiftPMLockFile.lastPathComponent == "_" + (root.resolvingSymlinksInPath().pathComponents.dropFirst() + [".build"]).joined(separator: "_") + ".lock")
        try Data("\(getppid())".utf8).write(to: lock.buildFolder.appendingPathComponent(".lock"))
        #expect(lock.isSeenFree == nil)
        #expect(lock.isHeld, "no lock file to ask: a proper ancestor's pid says held")
        try Data("\(getpid())".utf8).write(to: lock.buildFolder.appendingPathComponent(".lock"))
        #expect(!lock.isHeld, "`swift run` leaves its own pid, which is the workbook's")
        try Data("999999999".utf8).write(to: lock.buildFolder.appendingPathComponent(".lock"))
        #expect(!lock.isHeld, "a build that has ended")

        try Data("\(getppid())".utf8).write(to: lock.buildFolder.appendingPathComponent(".lock"))
        try Data().write(to: lock.swiftPMLockFile)
        #expect(lock.isSeenFree == true)
        #expect(!lock.isHeld, "a lock this process can take is held by nobody, whatever pid was left")
        let holding = open(lock.swiftPMLockFile.path, O_RDONLY)
        defer { close(holding) }
        #expect(flock(holding, LOCK_EX) == 0)
        #expect(lock.isSeenFree == false)
        try FileManager.default.removeItem(at: lock.buildFolder.appendingPathComponent(".lock"))
        #expect(lock.isHeld, "a fresh clone's first build writes no pid: the lock alone says held")
    }
}
