import Foundation

/// The Swift toolchain the workbook compiles with, found from `swiftc` on `PATH`.
///
/// A sandbox shows only the folders a program loads, so it must know where the compiler,
/// its runtime libraries and its `clang` live: the folder above the real `bin/swiftc`
/// (`/opt/swift/usr`, `/usr`, a toolchain under `~/.swiftpm`), whatever links lead there.
struct Toolchain: Equatable {
    /// The folder holding `bin/swiftc` and `lib/swift`.
    let folder: URL

    /// The compiler by the name it answers to (`swiftc` is the driver in compiler mode).
    var swiftc: String { folder.appendingPathComponent("bin/swiftc").path }
    /// The compiler's frontend, run directly where the driver would only start it.
    var frontend: String { folder.appendingPathComponent("bin/swift-frontend").path }

    /// The toolchain of the `swiftc` on `PATH`, found once; nil when there is none.
    static let current: Toolchain? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for entry in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(entry)).appendingPathComponent("swiftc")
            guard FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
            let real = candidate.resolvingSymlinksInPath()
            let folder = real.deletingLastPathComponent().deletingLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("bin/swiftc").path) {
                return Toolchain(folder: folder)
            }
        }
        return nil
    }()
}
