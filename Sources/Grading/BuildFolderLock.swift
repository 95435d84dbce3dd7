import ChildProcesses
import Foundation

/// SwiftPM's lock on the workbook's build folder, as far as grading needs it: whether the
/// `swift build` or `swift test` holding it is the one this grading runs inside.
///
/// SwiftPM writes the pid of the process that holds the lock into `<build folder>/.lock`
/// (and leaves it there after). A `swift build` started from inside that process would
/// wait for the lock its own parent holds, so grading inside the workbook's `swift test`
/// must not start one. The pid of a build that has ended stays in the file; it names an
/// ancestor of this process only if the system gave that pid again to a process started
/// after the build ended, and then grading checks the library by its dates instead of
/// building it, which stops with an error rather than grade with a stale kit.
struct BuildFolderLock {
    /// The workbook's `.build`.
    let buildFolder: URL

    /// The pid in the lock file, if it holds one.
    var holder: pid_t? {
        guard let data = FileManager.default.contents(atPath: buildFolder.appendingPathComponent(".lock").path), data.count < 64 else { return nil }
        return pid_t(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    var isHeldByThisProcessOrAnAncestor: Bool {
        guard let holder, holder > 0 else { return false }
        return ProcessTable.isThisProcessOrAnAncestor(holder)
    }
}
