import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// "running scenarios: 3 of 9 (2.4 s)" for long work, kept on one line of standard error
/// and only when a person is watching it: piped or in CI, it says nothing, so logs hold
/// only what matters.
///
/// Safe to call from several threads at once: grading advances it from two.
public final class StepProgress: @unchecked Sendable {
    private let isShown: Bool
    private let start = Date()
    private let lock = NSLock()
    private var done = 0

    /// - Parameter isShown: whether to draw; by default, when standard error is a terminal.
    public init(isShown: Bool = isatty(STDERR_FILENO) != 0) {
        self.isShown = isShown
    }

    /// Shows that step `number` of `total` of `task` is under way.
    public func step(_ task: String, _ number: Int, of total: Int) {
        guard isShown else { return }
        let elapsed = Date().timeIntervalSince(start)
        let line = "\(task): \(number) of \(total) (\(String(format: "%.1f", elapsed)) s)"
        lock.withLock { FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8)) }
    }

    /// Counts one more of `total` items of `task` done, in whatever order they finish,
    /// and clears the line after the last, so the next task counts from zero.
    public func advance(_ task: String, of total: Int) {
        let number = lock.withLock { () -> Int in
            done += 1
            if done == total { done = 0; return total }
            return done
        }
        step(task, number, of: total)
        if number == total { finish() }
    }

    /// ``advance(_:of:)`` as a function, for work that counts its own items and knows
    /// nothing of terminals (a grader's `progress`).
    public var advancing: @Sendable (_ task: String, _ total: Int) -> Void {
        { self.advance($0, of: $1) }
    }

    /// ``step(_:_:of:)`` for `task` as a function, clearing the line once `done` reaches
    /// `total`: for work that reports how far it has got (a kit's `swift build`).
    public func counting(_ task: String) -> @Sendable (_ done: Int, _ total: Int) -> Void {
        { done, total in
            self.step(task, done, of: total)
            if done == total { self.finish() }
        }
    }

    /// Clears the progress line, so what follows starts on a clean line.
    public func finish() {
        guard isShown else { return }
        lock.withLock { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    /// Seconds since the work began.
    public var elapsed: TimeInterval { Date().timeIntervalSince(start) }
}
