import Foundation
import Testing

/// Tests that need what only Linux has. `swift test` on a Mac lists them as skipped, with
/// the reason, instead of letting a Linux-only probe come back empty and pass.
extension Trait where Self == ConditionTrait {
    /// The test reads other processes from `/proc` (their command lines, states or open
    /// descriptors), which macOS does not have. The workbook itself lists processes there
    /// through libproc (`ProcessTable`).
    static var readsProcFileSystem: Self {
        .enabled(if: LinuxOnly.hasProcFileSystem, "reads processes from Linux's /proc, which macOS does not have")
    }
}

enum LinuxOnly {
    static let hasProcFileSystem = FileManager.default.fileExists(atPath: "/proc/self/stat")
    static let hasSetsidCommand = ["/usr/bin/setsid", "/bin/setsid"].contains(where: FileManager.default.isExecutableFile)
}
