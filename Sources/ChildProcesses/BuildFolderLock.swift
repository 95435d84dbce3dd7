import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SwiftPM's lock on the workbook's build folder, as far as the kits need it: whether a
/// `swift build` started now would wait for it.
///
/// Inside the workbook's own `swift test`, which holds the lock while its tests run, a
/// `swift build` would wait for the lock its own ancestor holds, so grading, or an edited
/// chapter, must not start one there. SwiftPM's lock is an `flock` on a file it names after
/// the build folder's path, in the temporary folder (`/tmp/_work_main_.build.lock` for
/// `/work/main/.build`): when that file can be locked, nobody holds the lock (`swift run`
/// lets it go before it becomes the program it runs); when it cannot, a build holds it,
/// this process's ancestor or another. Where that file is not found (another temporary
/// folder), the pid SwiftPM writes into `<build folder>/.lock` when it takes the lock is
/// asked instead: a proper ancestor's means held. (SwiftPM leaves that pid there after,
/// `swift run`'s is the workbook's own, and a fresh clone's first build has no `.build` to
/// write it into; hence it comes second.)
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
        let descriptor = open(swiftPMLockFile.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        flock(descriptor, LOCK_UN)
        return true
    }

    /// Whether a `swift build` in this folder would wait for another SwiftPM.
    package var isHeld: Bool {
        if let free = isSeenFree { return !free }
        guard let holder, holder > 0, holder != getpid() else { return false }
        return ProcessTable.isThisProcessOrAnAncestor(holder)
    }
}
