import OpenCombineShim

// [excerpt: configuration]
/// How many Fibonacci numbers a `FibonacciPublisher` may produce.
///
/// The count is a `Subscribers.Demand` rather than an integer so that `.unlimited` can say
/// "as many as there are", with the same arithmetic the rest of Combine uses. "As many as
/// there are" is finite: the sequence stops at the last number that fits in `Int`.
public struct FibonacciConfiguration: Equatable {
    /// The most values the publisher will send before it finishes.
    public var count: Subscribers.Demand

    public init(count: Subscribers.Demand) {
        self.count = count
    }
}
// [/excerpt]

extension FibonacciConfiguration: Sendable {}
