import Foundation

/// How far a `swift build` has got, read from the "[n/N] Compiling …" lines it writes as
/// it goes: for a progress line while the workbook builds one of its kits.
///
/// Fed the build's standard output piece by piece (``ChildProcess/onStandardOutput``),
/// whatever the pieces cut; it reports each step line it completes. SwiftPM's total grows
/// while it plans, so a report is what the build says now, not a promise.
/// Its pending line is guarded by `lock`: hence `@unchecked Sendable`.
public final class SwiftBuildProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = Data()
    private var last: (done: Int, total: Int)?
    private let report: @Sendable (_ done: Int, _ total: Int) -> Void

    /// A line longer than this is no step line; it is dropped rather than kept growing.
    static let longestLine = 4096

    public init(report: @escaping @Sendable (_ done: Int, _ total: Int) -> Void) {
        self.report = report
    }

    /// Takes the next piece of output.
    public func read(_ piece: Data) {
        let steps: [(Int, Int)] = lock.withLock {
            pending.append(piece)
            var found: [(Int, Int)] = []
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                if let step = Self.step(in: pending[pending.startIndex..<end]) { found.append(step) }
                pending.removeSubrange(pending.startIndex...end)
            }
            if pending.count > Self.longestLine { pending.removeAll() }
            if let step = found.last { last = step }
            return found
        }
        for (done, total) in steps { report(done, total) }
    }

    /// The build has ended: reports it whole if its last line was not the last step, so that
    /// whoever draws the progress knows to clear it.
    public func end() {
        guard let last = lock.withLock({ last }), last.done < last.total else { return }
        report(last.total, last.total)
    }

    /// `(n, N)` of a line that starts "[n/N]", with 0 ≤ n ≤ N.
    static func step(in line: Data) -> (Int, Int)? {
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("["), let close = text.firstIndex(of: "]") else { return nil }
        let numbers = text[text.index(after: text.startIndex)..<close].split(separator: "/", omittingEmptySubsequences: false)
        guard numbers.count == 2, let done = Int(numbers[0]), let total = Int(numbers[1]),
              done >= 0, total > 0, done <= total else { return nil }
        return (done, total)
    }
}
