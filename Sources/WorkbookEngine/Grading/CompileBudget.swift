import Foundation

/// The compile time each student may spend in one grading, so that one student's files
/// cannot hold the class up.
///
/// Every compile step already stops at its own limit, but fourteen files that each run to
/// it would cost one student fourteen minutes. A step is granted the smaller of its limit
/// and what its student has left, taken up front (the student's files compile two at a
/// time) and the unused part given back when it ends; once nothing is left, that student's
/// remaining files are not compiled at all.
final class CompileBudget: @unchecked Sendable {
    /// Seconds of compiling each student may spend.
    let secondsPerStudent: Double
    private let lock = NSLock()
    private var spent: [String: Double] = [:]

    init(secondsPerStudent: Double) {
        self.secondsPerStudent = secondsPerStudent
    }

    /// Takes up to `limit` seconds from `student`'s budget; nil when less than a second is left.
    func grant(upTo limit: Double, to student: String) -> Double? {
        lock.withLock {
            let left = secondsPerStudent - spent[student, default: 0]
            guard left >= 1 else { return nil }
            let granted = min(limit, left)
            spent[student, default: 0] += granted
            return granted
        }
    }

    /// Gives back what a step was granted and did not use.
    func giveBack(_ seconds: Double, to student: String) {
        guard seconds > 0 else { return }
        lock.withLock { spent[student, default: 0] -= seconds }
    }
}
