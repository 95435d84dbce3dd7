import Foundation
import WorkbookBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SwiftPM's lock on the workbook's build folder, as far as the kits need it: whether the
/// build that holds it is this process's own ancestor.
///
/// Inside the workbook's own `swift test`, which holds the lock while its tests run, a
/// `swift build` would wait for the lock its own ancestor holds, so grading, or an edited
/// chapter, must not start one there: it takes what that build linked. SwiftPM's lock is an
/// `flock` on a file it names after the build folder's path, in the temporary folder
/// (`/tmp/_work_main_.build.lock` for `/work/main/.build`). That file is readable by every
/// local user, and an `flock` needs no more, so a lock on it says only that somebody holds
/// it: it is this process's build when a process the system lists as its holder (Linux's
/// `/proc/locks`) is this process or an ancestor and has the lock file open. Anybody else's lock is waited for, as
/// SwiftPM waits, never taken as a build that made the kits current. Where the file is not
/// found (another temporary folder), or is not this user's own file (a link, or a file
/// another user created under that name first), the pid SwiftPM writes into `<build folder>/.lock`
/// when it takes the lock is asked instead: a proper ancestor's means held. (SwiftPM leaves
/// that pid there after, `swift run`'s is the workbook's own, and a fresh clone's first
/// build has no `.build` to write it into; hence it comes second.)
package struct BuildFolderLock {
    /// The workbook's `.build`.
    package let buildFolder: URL

    package init(buildFolder: URL) {
        self.buildFolder = buildFolder
    }

    /// The pid in `<build folder>/.lock`, if it holds one.
    package var holder: pid_t? {
        guard let data = FileManager.default.contents(atPath: buildFolder.appendingPathComponent(".lock").path), data.count < 64 else { return nil }
        return pid_t(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// When the build that holds the lock, or held it last, took it: SwiftPM writes its pid
    /// into `<build folder>/.lock` then. A file older than that was there when that build
    /// began, so the build saw it; one newer changed while it ran. Nil when SwiftPM wrote no
    /// pid (a fresh clone's first build, which had no build folder to write it into).
    package var takenAt: Date? {
        KitBuild.modificationDate(of: buildFolder.appendingPathComponent(".lock"))
    }

    /// The file SwiftPM `flock`s for this build folder: the folder's path, its parent's
    /// links resolved, with `_` between its components, in the temporary folder.
    package var swiftPMLockFile: URL {
        let folder = buildFolder.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(buildFolder.lastPathComponent)
        let name = folder.standardizedFileURL.pathComponents.filter { $0 != "/" }.joined(separator: "_")
        return FileManager.default.temporaryDirectory.appendingPathComponent("_" + name + ".lock")
    }

    /// Whether SwiftPM's lock is seen free: its file is there and this process could lock
    /// it (and let it go at once). Nil when the file is not there to ask.
    package var isSeenFree: Bool? {
        observedLockFile?.isFree
    }

    /// What this process sees of SwiftPM's lock file: whether it could lock it now, and which
    /// file it is. Nil when it is not there, or is not a file of this user's: anybody may
    /// create a file of that name in `/tmp` before SwiftPM does, or a link to a file somebody
    /// else locks, and neither is a lock of this build folder.
    private var observedLockFile: (isFree: Bool, device: UInt64, inode: UInt64)? {
        let descriptor = open(swiftPMLockFile.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else { return nil }
        let file = (device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return (false, file.device, file.inode) }
        flock(descriptor, LOCK_UN)
        return (true, file.device, file.inode)
    }

    /// Whether this process runs inside the build that holds the lock: a `swift build`
    /// started here would wait for its own ancestor.
    package var isHeld: Bool {
        switch observedLockFile {
        case let file? where file.isFree:
            return false
        case let file?:
            // Where the system cannot say who holds it (macOS, whose temporary folder is
            // the user's own), the lock alone says held.
            guard let holders = holders(device: file.device, inode: file.inode) else { return true }
            return Self.isThisBuild(holders: holders, isAncestor: ProcessTable.isThisProcessOrAnAncestor,
                                    hasTheFileOpen: { ProcessTable.has($0, openOn: file.device, file.inode) })
        case nil:
            guard let holder, holder > 0, holder != getpid() else { return false }
            return ProcessTable.isThisProcessOrAnAncestor(holder)
        }
    }

    /// Whether one of the processes the system lists as holding the lock is this process or
    /// its ancestor and has the lock file open now. The list keeps the pid of whoever took a
    /// lock for as long as any copy of its descriptor lives, even after that process ended:
    /// anybody can take a lock, hand the descriptor to a child and end, and a pid is soon
    /// used again, maybe by this process's own shell. That shell never opened the file; the
    /// `swift test` that really holds the lock has it open all along.
    static func isThisBuild(holders: [pid_t], isAncestor: (pid_t) -> Bool, hasTheFileOpen: (pid_t) -> Bool) -> Bool {
        holders.contains { isAncestor($0) && hasTheFileOpen($0) }
    }

    /// The processes that hold SwiftPM's lock file locked and are not this build: what a
    /// `swift build` started now waits for. Empty where the system cannot say.
    package var otherHolders: [pid_t] {
        guard let file = observedLockFile, !file.isFree, let holders = holders(device: file.device, inode: file.inode) else { return [] }
        return holders.filter { !(ProcessTable.isThisProcessOrAnAncestor($0) && ProcessTable.has($0, openOn: file.device, file.inode)) }
    }

    /// What a build about to wait for ``otherHolders`` says first; nil when nobody else
    /// holds the lock.
    package var waitingNote: String? {
        let holders = otherHolders
        guard !holders.isEmpty else { return nil }
        let named = holders.prefix(3).map(String.init).joined(separator: ", ") + (holders.count > 3 ? " and \(holders.count - 3) more" : "")
        return "the workbook's build folder is locked by process \(named), which is not this command's build: SwiftPM waits until it lets go"
    }

    /// The processes the system lists as holding SwiftPM's lock file locked.
    var holdersOfTheLockFile: [pid_t]? {
        observedLockFile.flatMap { holders(device: $0.device, inode: $0.inode) }
    }

    /// The processes the system lists as holding an `flock` on the file `device`, `inode`
    /// (Linux's `/proc/locks`, read whole); nil where there is no such list. A table that
    /// cannot be read whole names nobody, so that nothing is taken as this build's.
    private func holders(device: UInt64, inode: UInt64) -> [pid_t]? {
        #if os(Linux)
        guard let table = Self.readWhole("/proc/locks", atMost: 64 << 20) else { return [] }
        let file = String(format: "%02llx:%02llx:%llu", Self.major(device), Self.minor(device), inode)
        return Self.holders(inLocks: String(decoding: table, as: UTF8.self), file: file)
        #else
        return nil
        #endif
    }

    /// A file of the system's read to its end: such files say their size is 0, and
    /// Foundation reads one page of them. Nil when it cannot be read or is longer than `limit`.
    static func readWhole(_ path: String, atMost limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 { if errno == EINTR { continue } else { return nil } }
            bytes += chunk[..<count]
            if bytes.count > limit { return nil }
        }
    }

    /// The pids of the granted `FLOCK` lines of a `/proc/locks` table on `file`
    /// (`major:minor:inode`, the numbers of the device in hexadecimal). A waiter's line
    /// (`1: -> FLOCK …`) holds nothing.
    static func holders(inLocks table: String, file: String) -> [pid_t] {
        table.split(separator: "\n").compactMap { line -> pid_t? in
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == file else { return nil }
            return pid_t(fields[4])
        }
    }

    /// Linux's split of a device number (glibc's `gnu_dev_major` and `gnu_dev_minor`).
    static func major(_ device: UInt64) -> UInt64 { ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff) }
    static func minor(_ device: UInt64) -> UInt64 { (device & 0xff) | ((device >> 12) & ~0xff) }
}
