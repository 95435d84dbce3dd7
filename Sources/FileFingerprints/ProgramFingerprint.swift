import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a built program is, as the file system tells it: device, inode, size,
/// modification and status-change times.
///
/// Taken when a grading program has been linked and compared just before it runs: a
/// program renamed over it, or written into, has another inode or a newer status-change
/// time, which no one can set back. Sandboxed programs cannot write there at all; this is
/// the check that does not depend on the sandbox. ``FileDigests`` uses the same record to
/// tell when a source file must be read again.
package struct ProgramFingerprint: Equatable {
    private var device: UInt64 = 0
    private var inode: UInt64 = 0
    private var size: Int64 = 0
    private var modified: [Int] = []
    private var statusChanged: [Int] = []

    package init?(_ url: URL) {
        self.init(url.path)
    }

    package init?(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Glibc)
        modified = [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        statusChanged = [Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
        #else
        modified = [Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)]
        statusChanged = [Int(info.st_ctimespec.tv_sec), Int(info.st_ctimespec.tv_nsec)]
        #endif
    }

    /// One line for the build cache: a program whose fingerprint is not the one recorded
    /// when it was linked is built again rather than trusted.
    package var record: String {
        ([device, inode].map(String.init) + [String(size)] + (modified + statusChanged).map(String.init)).joined(separator: " ")
    }
}
