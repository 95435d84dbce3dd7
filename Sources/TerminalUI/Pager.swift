import ChildProcesses
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows long text one screen at a time when a person is reading at a terminal.
///
/// The pager is `$PAGER` when set, else `less -R` (`-R` lets colour through). Text that
/// fits on the screen, output that is not a terminal, and `--no-pager` print directly,
/// as does a pager that cannot be started.
public struct Pager {
    public var terminal: Terminal
    public var isEnabled: Bool
    public var environment: [String: String]

    public init(terminal: Terminal, isEnabled: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.terminal = terminal
        self.isEnabled = isEnabled
        self.environment = environment
    }

    public func show(_ text: String) {
        let lineCount = text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        let height = Terminal.windowHeight() ?? 24
        guard isEnabled, terminal.isInteractive, lineCount >= height, page(text) else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
    }

    /// The shell command that pages.
    var command: String {
        let pager = environment["PAGER"]?.trimmingCharacters(in: .whitespaces) ?? ""
        return pager.isEmpty ? "less -R" : pager
    }

    /// Runs the pager on the terminal with `text` on its standard input; false if it could
    /// not start (`sh` answers 127 when the pager's command does not exist).
    private func page(_ text: String) -> Bool {
        var environment = self.environment
        if environment["LESS"] == nil { environment["LESS"] = "R" }
        var pager = ChildProcess("/bin/sh", ["-c", command], standardInput: Data(text.utf8), environment: environment)
        pager.sharesTerminal = true
        guard let result = try? pager.run() else { return false }
        return result.termination != .exited(127)
    }
}
