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
        #expect(lock.waitingNote == nil, "nobody to wait for")
        #expect(!lock.isHeld, "a lock this process can take is held by nobody, whatever pid was left")
        let holding = open(lock.swiftPMLockFile.path, O_RDONLY)
        defer { close(holding) }
        #expect(flock(holding, LOCK_EX) == 0)
        #expect(lock.isSeenFree == false)
        try FileManager.default.removeItem(at: lock.buildFolder.appendingPathComponent(".lock"))
        #expect(lock.isHeld, "a fresh clone's first build writes no pid: the lock alone says held")
    }

    /// Any local user can `flock` SwiftPM's lock file (it is readable by all): a lock held by
    /// a process that is not this one's ancestor is another build, to be waited for, never a
    /// build that has made the kits current for this one.
    #if os(Linux)
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")))
    func aLockHeldByAProcessThatIsNotAnAncestorIsNotThisBuild() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)")
        let lock = BuildFolderLock(buildFolder: root.appendingPathComponent(".build"))
        try FileManager.default.createDirectory(at: lock.buildFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root); try? FileManager.default.removeItem(at: lock.swiftPMLockFile) }
        try Data().write(to: lock.swiftPMLockFile)
        // SwiftPM's pid file says a proper ancestor took the lock last; the lock says otherwise.
        try Data("\(getppid())".utf8).write(to: lock.buildFolder.appendingPathComponent(".lock"))
        // `--no-fork`: the process that took the lock is the one that is killed.
        let stranger = try Process.listed("/usr/bin/flock", ["--shared", "--no-fork", lock.swiftPMLockFile.path, "/bin/sleep", "30"])
        defer { stranger.killAndUnlist() }
        let deadline = Date().addingTimeInterval(10)
        while lock.isSeenFree != false, Date() < deadline { usleep(20_000) }
        #expect(lock.isSeenFree == false)
        #expect(lock.holdersOfTheLockFile == [stranger.processIdentifier])
        #expect(!lock.isHeld)
        #expect(lock.otherHolders == [stranger.processIdentifier])
        #expect(lock.waitingNote?.contains("process \(stranger.processIdentifier)") == true)
    }
    #endif

    /// Anybody can create the lock file's name in `/tmp` first, as a link to a file that
    /// this process's ancestor locks: a link is no lock file, and the pid decides.
    @Test func aLinkInTheLockFilesPlaceIsNoLockFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)")
        let lock = BuildFolderLock(buildFolder: root.appendingPathComponent(".build"))
        try FileManager.default.createDirectory(at: lock.buildFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root); try? FileManager.default.removeItem(at: lock.swiftPMLockFile) }
        let lockedByThisProcess = root.appendingPathComponent("locked")
        try Data().write(to: lockedByThisProcess)
        let holding = open(lockedByThisProcess.path, O_RDONLY)
        defer { close(holding) }
        #expect(flock(holding, LOCK_EX) == 0)
        try FileManager.default.createSymbolicLink(at: lock.swiftPMLockFile, withDestinationURL: lockedByThisProcess)
        #expect(lock.isSeenFree == nil)
        #expect(!lock.isHeld, "no pid written: nothing says this process runs inside a build")
        try Data("\(getppid())".utf8).write(to: lock.buildFolder.appendingPathComponent(".lock"))
        #expect(lock.isHeld, "the pid of a proper ancestor decides")
    }

    /// `/proc/locks` keeps the pid of a lock's taker after it ended, while a child keeps its
    /// descriptor, and pids come round again: a listed pid that is now this process's
    /// ancestor (its shell, say) counts only if it has the lock file open.
    @Test func aListedHolderIsThisBuildOnlyIfAnAncestorWithTheFileOpen() throws {
        let everyone: (pid_t) -> Bool = { _ in true }, nobody: (pid_t) -> Bool = { _ in false }, only41: (pid_t) -> Bool = { $0 == 41 }
        #expect(!BuildFolderLock.isThisBuild(holders: [41], isAncestor: everyone, hasTheFileOpen: nobody), "a pid used again by an ancestor")
        #expect(!BuildFolderLock.isThisBuild(holders: [41], isAncestor: nobody, hasTheFileOpen: everyone), "another build")
        #expect(BuildFolderLock.isThisBuild(holders: [7, 41], isAncestor: only41, hasTheFileOpen: only41))
        #expect(!BuildFolderLock.isThisBuild(holders: [], isAncestor: everyone, hasTheFileOpen: everyone))

        #if os(Linux)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("open-\(UUID().uuidString)")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var status = stat()
        #expect(stat(file.path, &status) == 0)
        let (device, inode) = (UInt64(status.st_dev), UInt64(status.st_ino))
        #expect(!ProcessTable.has(getpid(), openOn: device, inode))
        let descriptor = open(file.path, O_RDONLY)
        #expect(ProcessTable.has(getpid(), openOn: device, inode))
        close(descriptor)
        #expect(!ProcessTable.has(getpid(), openOn: device, inode))
        #expect(!ProcessTable.has(getppid(), openOn: device, inode))
        #endif
    }

    /// The system's tables say their size is 0, and Foundation reads one page of them: a lock
    /// listed after the first page would go unseen.
    #if os(Linux)
    @Test(.readsProcFileSystem) func theLockTableIsReadWholeOrNotAtAll() throws {
        let maps = try #require(BuildFolderLock.readWhole("/proc/self/maps", atMost: 64 << 20))
        #expect(maps.count > 4096, "this process's map is longer than a page: \(maps.count) bytes")
        #expect(maps.last == UInt8(ascii: "\n"))
        #expect(BuildFolderLock.readWhole("/proc/self/maps", atMost: 100) == nil, "longer than the limit is no table")
        #expect(BuildFolderLock.readWhole("/nonexistent-\(UUID().uuidString)", atMost: 100) == nil)
    }
    #endif

    @Test func theHoldersAreTheGrantedFlockLinesOnTheFile() {
        let table = """
        1: FLOCK  ADVISORY  READ 28853 fe:00:16225264 0 EOF
        1: -> FLOCK  ADVISORY  WRITE 500 fe:00:16225264 0 EOF
        2: POSIX  ADVISORY  WRITE 27427 fe:00:16225264 0 EOF
        3: FLOCK  ADVISORY  WRITE 27427 fe:00:16237988 0 EOF
        4: FLOCK  ADVISORY  READ 31 fe:00:16225264 0 EOF
        """
        #expect(BuildFolderLock.holders(inLocks: table, file: "fe:00:16225264") == [28853, 31])
        #expect(BuildFolderLock.holders(inLocks: table, file: "fe:01:16225264") == [])
        #expect(BuildFolderLock.major(0xfe00) == 0xfe && BuildFolderLock.minor(0xfe00) == 0)
    }
}
