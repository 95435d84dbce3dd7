import Foundation

/// What a reader needs to take the same measurement again, recorded with the figures: the
/// command, the build, the compiler, the dependency under comparison, and how many cores
/// there were. No machine's name: the figures belong to this setup, not to a host.
struct BenchSetup: Codable, Equatable {
    /// The command line that produced the figures, as `swift run` takes it.
    var command: String
    /// `release` or `debug`; only a release build's figures mean anything.
    var configuration: String
    /// From `swift --version`, if a `swift` was on the path.
    var swiftVersion: String?
    /// The OpenCombine release the built-ins came from, from `Package.resolved`, if there is one.
    var openCombineVersion: String?
    var operatingSystem: String
    var cores: Int
    /// The one-minute load average as the measurement began: how busy the machine was, which
    /// moves absolute times (and, less, the ratios) on a shared machine.
    var loadAverage: Double?

    static let releaseConfiguration = "release"

    static func current(arguments: [String]) -> BenchSetup {
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = releaseConfiguration
        #endif
        #if os(Linux)
        let operatingSystem = "Linux"
        #elseif os(macOS)
        let operatingSystem = "macOS"
        #else
        let operatingSystem = "unknown"
        #endif
        return BenchSetup(
            command: (["swift", "run", "-c", configuration, "workbook-bench"] + arguments).joined(separator: " "),
            configuration: configuration,
            swiftVersion: installedSwiftVersion(),
            openCombineVersion: resolvedVersion(of: "opencombine"),
            operatingSystem: operatingSystem,
            cores: ProcessInfo.processInfo.activeProcessorCount,
            loadAverage: oneMinuteLoadAverage())
    }

    private static func oneMinuteLoadAverage() -> Double? {
        var averages = [Double](repeating: 0, count: 1)
        return getloadavg(&averages, 1) == 1 ? averages[0] : nil
    }

    /// "6.3.1" from "Swift version 6.3.1 (swift-6.3.1-RELEASE)".
    static func swiftVersion(fromVersionOutput output: String) -> String? {
        let words = output.split(whereSeparator: \.isWhitespace)
        guard let index = words.firstIndex(of: "version"), index + 1 < words.count else { return nil }
        return String(words[index + 1])
    }

    private static func installedSwiftVersion() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? swiftVersion(fromVersionOutput: output) : nil
    }

    /// A pinned package's version in the current directory's `Package.resolved`.
    private static func resolvedVersion(of identity: String) -> String? {
        struct Resolved: Decodable {
            struct Pin: Decodable {
                struct State: Decodable { var version: String? }
                var identity: String
                var state: State
            }
            var pins: [Pin]
        }
        guard let data = FileManager.default.contents(atPath: "Package.resolved"),
              let resolved = try? JSONDecoder().decode(Resolved.self, from: data) else { return nil }
        return resolved.pins.first { $0.identity == identity }?.state.version
    }
}
