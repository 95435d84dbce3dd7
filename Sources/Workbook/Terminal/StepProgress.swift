import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// "running scenarios: 3 of 9 (2.4 s)" for long work, kept on one line of standard error
/// and only when a person is watching it: piped or in CI, it says nothing, so logs hold
/// only what matters.
public final class StepProgress {
    private let isShown: Bool
    private let start = Date()

    /// - Parameter isShown: whether to draw; by default, when standard error is a terminal.
    public init(isShown: Bool = isatty(STDERR_FILENO) != 0) {
        self.isShown = isShown
    }

    /// Shows that step `number` of `total` of `task` is under way.
    public func step(_ task: String, _ number: Int, of total: Int) {
        guard isShown else { return }
        let elapsed = Date().timeIntervalSince(start)
        let line = "\(task): \(number) of \(total) (\(String(format: "%.1f", elapsed)) s)"
        FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
    }

    /// Clears the progress line, so what follows starts on a clean line.
    public func finish() {
        guard isShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// Seconds since the work began.
    public var elapsed: TimeInterval { Date().timeIntervalSince(start) }
}
