import Foundation

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

    /// Runs the pager on the terminal with `text` on its standard input; false if it could not start.
    private func page(_ text: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = self.environment
        if environment["LESS"] == nil { environment["LESS"] = "R" }
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        do { try process.run() } catch { return false }
        signal(SIGPIPE, SIG_IGN)  // the reader may quit the pager before reading everything
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return !(process.terminationReason == .exit && process.terminationStatus == 127)
    }
}
