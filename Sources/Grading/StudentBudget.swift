import Foundation

/// The time each student may spend in one grading on one kind of step (compiles, checks),
/// so that one student's files cannot hold the class up.
///
/// Every compile step and every check already stops at its own limit, but fourteen files
/// that each run to it would cost one student fourteen times the limit. A step is granted the smaller of its limit
/// and what its student has left, taken up front (a student's files may compile at once)
/// and the unused part given back when it ends. While the student's other steps are still
/// running, a step that would get less than its full limit waits for them to give back, so
/// what a file is granted does not depend on which of its student's files compile beside
/// it; once nothing is left and nothing is running, the remaining files are not compiled.
final class StudentBudget: @unchecked Sendable {
    /// Seconds each student may spend on this kind of step.
    let secondsPerStudent: Double
    private let changed = NSCondition()
    private var taken: [String: Double] = [:]
    private var running: [String: Int] = [:]

    init(secondsPerStudent: Double) {
        self.secondsPerStudent = secondsPerStudent
    }

    /// Takes up to `limit` seconds from `student`'s budget; nil when less than a second is
    /// left and none of it is held by a running step.
    func grant(upTo limit: Double, to student: String) -> Double? {
        changed.lock()
        defer { changed.unlock() }
        while true {
            let left = secondsPerStudent - taken[student, default: 0]
            let othersRunning = running[student, default: 0] > 0
            if left >= limit || (left >= 1 && !othersRunning) {
                let granted = min(limit, left)
                taken[student, default: 0] += granted
                running[student, default: 0] += 1
                return granted
            }
            guard othersRunning else { return nil }
            changed.wait()
        }
    }

    /// Ends a step that was granted `granted` seconds and used `used` of them: the rest goes back.
    func finish(granted: Double, used: Double, by student: String) {
        changed.lock()
        defer { changed.unlock() }
        taken[student, default: 0] -= max(0, granted - used)
        running[student, default: 0] -= 1
        changed.broadcast()
    }
}
