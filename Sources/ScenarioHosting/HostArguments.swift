import Foundation

/// The command line a scenario host is started with, by the runner:
///
///     <program> scenario-host --time-limit S --capture-file F 03-fibonacci#2 …
///
/// The same for every host: the `workbook` executable (its hidden command), the test
/// suite's `selftest-host`, and the program compiled from a chapter edited since the
/// workbook was built (``ScenarioHost/main(chapters:)``).
public struct HostArguments: Equatable, Sendable {
    /// The word that says "be a scenario host".
    public static let command = "scenario-host"

    public var timeLimit: TimeInterval
    public var captureFile: String
    public var ids: [ScenarioID]

    public init(timeLimit: TimeInterval, captureFile: String, ids: [ScenarioID]) {
        self.timeLimit = timeLimit
        self.captureFile = captureFile
        self.ids = ids
    }

    /// Reads the arguments after the program's name; `nil` for any other shape.
    public init?(_ arguments: [String]) {
        guard arguments.first == Self.command else { return nil }
        var rest = arguments.dropFirst()
        var timeLimit: TimeInterval?, captureFile: String?
        while let option = rest.first, option.hasPrefix("--") {
            rest = rest.dropFirst()
            guard let value = rest.popFirst() else { return nil }
            switch option {
            case "--time-limit": timeLimit = TimeInterval(value)
            case "--capture-file": captureFile = value
            default: return nil
            }
        }
        let ids = rest.map(ScenarioID.init)
        guard let timeLimit, let captureFile, !ids.contains(where: { $0 == nil }) else { return nil }
        self.init(timeLimit: timeLimit, captureFile: captureFile, ids: ids.compactMap { $0 })
    }

    /// The arguments, as ``init(_:)`` reads them.
    public var arguments: [String] {
        [Self.command, "--time-limit", String(timeLimit), "--capture-file", captureFile] + ids.map(\.description)
    }
}

extension ScenarioHost {
    /// The whole `main` of a program compiled from chapters: hosts their scenarios, as the
    /// runner's arguments ask (``HostArguments``).
    public static func main(chapters: [ChapterScenarios]) -> Never {
        guard let arguments = HostArguments(Array(CommandLine.arguments.dropFirst())) else {
            FileHandle.standardError.write(Data("usage: \(CommandLine.arguments.first ?? "host") \(HostArguments.command) --time-limit S --capture-file F ID…\n".utf8))
            exit(2)
        }
        ScenarioHost(chapters: chapters, timeLimit: arguments.timeLimit).run(arguments.ids, captureFile: arguments.captureFile)
    }
}
