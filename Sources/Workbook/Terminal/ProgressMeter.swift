import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// "compiling 12 of 270 (41 s)" on one line of a terminal's standard error, rewritten as
/// work is done; nothing at all when standard error is not a terminal (CI logs, pipes).
final class ProgressMeter: @unchecked Sendable {
    private let label: String
    private let total: Int
    private let started = Date()
    private let lock = NSLock()
    private var done = 0
    private let isShown: Bool

    init(_ label: String, total: Int, shown: Bool = isatty(STDERR_FILENO) == 1) {
        self.label = label
        self.total = total
        self.isShown = shown && total > 1
    }

    /// One more item is done.
    func advance() {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        guard isShown else { return }
        let seconds = Int(Date().timeIntervalSince(started))
        let line = "\r\u{1B}[2Kworkbook: \(label) \(done) of \(total) (\(seconds) s)" + (done == total ? "\n" : "")
        FileHandle.standardError.write(Data(line.utf8))
    }
}
