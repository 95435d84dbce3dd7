// [excerpt: sequence]
/// The state of the Fibonacci sequence: the next number to send and the one after it.
///
/// Kept apart from the subscription so that the arithmetic, including where `Int` runs
/// out, is one small value type that is easy to read and test. Overflow is detected with
/// `addingReportingOverflow` instead of trapping: the sequence simply ends.
struct FibonacciSequence {
    private var current: Int? = 0
    private var following: Int? = 1

    /// Returns the next number, or `nil` once the next one would not fit in `Int`.
    mutating func next() -> Int? {
        guard let value = current else { return nil }
        current = following
        if let following {
            let (sum, overflow) = value.addingReportingOverflow(following)
            self.following = overflow ? nil : sum
        }
        return value
    }

    /// True once every number that fits in `Int` has been returned.
    var isExhausted: Bool { current == nil }
}
// [/excerpt]
