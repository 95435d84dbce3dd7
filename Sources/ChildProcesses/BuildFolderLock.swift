import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SwiftPM's lock on the workbook's build folder, as far as the kits need it: whether a
/// `swift build` or `swift test` that this process runs inside holds it.
///
/// A `swift build` started from inside that process would wait for the lock its own
/// ancestor holds, so grading, or an edited chapter, inside the workbook's `swift test`
/// must not start one. Two things SwiftPM leaves say who holds it:
/// - the lock itself, an `flock` on a file SwiftPM names after the build folder's path in
///   the temporary folder (`/tmp/_work_main_.build.lock` for `/work/main/.build`): when
///   that file is there and can be locked, nobody holds the lock;
/// - the pid SwiftPM writes into `<build folder>/.lock` when it takes the lock, and leaves
///   there after. `swift run` takes the lock to build, lets it go, and then becomes the
///   program it runs (the same pid), so a pid that is this process's own is no holder.
///
/// The lock is taken to be held by an ancestor when it is not seen free and the pid is a
/// proper ancestor's. A pid left by a build that has ended names an ancestor only if the
/// system gave it again to a process started after that build; then the kits are checked
/// by their dates instead of being built (grading stops with an error rather than grade
/// with a stale kit).
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
        let descriptor = open(swiftPMLockFile.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        flock(descriptor, LOCK_UN)
        return true
    }

    package var isHeldByAnAncestor: Bool {
        if isSeenFree == true { return false }
        guard let holder, holder > 0, holder != getpid() else { return false }
        return ProcessTable.isThisProcessOrAnAncestor(holder)
    }
}
