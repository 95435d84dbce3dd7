import Foundation
import Testing

/// Tests that need what only Linux has. `swift test` on a Mac lists them as skipped, with
/// the reason, instead of letting a Linux-only probe come back empty and pass.
extension Trait where Self == ConditionTrait {
    /// The test reads other processes from `/proc` (their command lines, states or open
    /// descriptors), which macOS does not have. The workbook itself lists processes there
    /// through libproc (`ProcessTable`).
    public static var readsProcFileSystem: Self {
        .enabled(if: LinuxOnly.hasProcFileSystem, "reads processes from Linux's /proc, which macOS does not have")
    }
}

public enum LinuxOnly {
    public static let hasProcFileSystem = FileManager.default.fileExists(atPath: "/proc/self/stat")
    public static let hasSetsidCommand = ["/usr/bin/setsid", "/bin/setsid"].contains(where: FileManager.default.isExecutableFile)

    /// Pids of the processes whose command line is exactly `arguments`, from `/proc` (a test
    /// that calls it needs ``Trait/readsProcFileSystem``).
    public static func processes(withArguments arguments: [String]) -> [Int32] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.compactMap { pid -> Int32? in
            guard let number = Int32(pid), let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return words == arguments ? number : nil
        }
    }
}
