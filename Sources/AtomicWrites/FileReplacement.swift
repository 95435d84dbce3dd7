import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Data {
    /// Writes the data to `url` all at once: to a hidden file beside it, then renamed over
    /// it, so a reader sees the old contents or the new, never half of them.
    ///
    /// Rather than Foundation's `.atomic` option, which on Linux makes a
    /// `/tmp/TemporaryDirectory.*` folder for every write and never removes it (grading a
    /// class writes thousands of files).
    public func replacingContents(of url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp")
        try write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: reason])
        }
    }
}
