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

    /// Runs the pager on the terminal with `text` on its standard input; false if it could not start.
    ///
    /// The pager is started with `posix_spawn` rather than Foundation's `Process`, which puts
    /// its child in a process group of its own: a pager outside the terminal's foreground
    /// group is stopped (`SIGTTIN`) the moment it reads a key.
    private func page(_ text: String) -> Bool {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return false }
        let (reading, writing) = (descriptors[0], descriptors[1])

        var actions = SpawnFileActions()
        actions.duplicate(reading, as: STDIN_FILENO)
        actions.close(reading)
        actions.close(writing)
        var environment = self.environment
        if environment["LESS"] == nil { environment["LESS"] = "R" }
        let arguments = ["/bin/sh", "-c", command]
        let environmentLines = environment.map { "\($0.key)=\($0.value)" }

        var pid: pid_t = 0
        let spawned = withCStrings(arguments) { argv in
            withCStrings(environmentLines) { envp in
                actions.spawn(&pid, "/bin/sh", argv, envp)
            }
        }
        close(reading)
        guard spawned == 0 else {
            close(writing)
            return false
        }
        signal(SIGPIPE, SIG_IGN)  // the reader may quit the pager before reading everything
        let handle = FileHandle(fileDescriptor: writing, closeOnDealloc: true)
        try? handle.write(contentsOf: Data(text.utf8))
        try? handle.close()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        // `sh` answers 127 when the pager command does not exist.
        return !(status & 0x7f == 0 && (status >> 8) & 0xff == 127)
    }
}

/// `posix_spawn_file_actions_t`, whose type differs between Glibc and Darwin.
private struct SpawnFileActions {
    #if canImport(Darwin)
    private var actions: posix_spawn_file_actions_t? = nil
    #else
    private var actions = posix_spawn_file_actions_t()
    #endif

    init() {
        posix_spawn_file_actions_init(&actions)
    }

    mutating func duplicate(_ descriptor: Int32, as target: Int32) {
        posix_spawn_file_actions_adddup2(&actions, descriptor, target)
    }

    mutating func close(_ descriptor: Int32) {
        posix_spawn_file_actions_addclose(&actions, descriptor)
    }

    mutating func spawn(
        _ pid: inout pid_t, _ path: String,
        _ argv: UnsafePointer<UnsafeMutablePointer<CChar>?>, _ envp: UnsafePointer<UnsafeMutablePointer<CChar>?>
    ) -> Int32 {
        defer { posix_spawn_file_actions_destroy(&actions) }
        return posix_spawn(&pid, path, &actions, nil, argv, envp)
    }
}

/// Calls `body` with `strings` as a C array of C strings ending with `NULL`.
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
