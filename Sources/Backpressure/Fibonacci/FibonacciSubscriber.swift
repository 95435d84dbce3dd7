import OpenCombineShim

/// A subscriber that asks for `limit` values once and never for more.
///
/// `sink` always asks for `.unlimited`, which hides whether a publisher honours demand.
/// This subscriber makes demand visible: a publisher that sends it more than `limit`
/// values is breaking the contract. It prints its completion so that a run shows whether
/// the publisher finished.
public final class FibonacciSubscriber: Subscriber {
    public typealias Input = Int
    public typealias Failure = Never

    /// How many values to ask for, once, on subscription.
    public let limit: Subscribers.Demand

    public init(limit: Subscribers.Demand) {
        self.limit = limit
    }

    public func receive(subscription: Subscription) {
        // Demand must be positive; asking for nothing means not asking at all.
        if limit > .none {
            subscription.request(limit)
        }
    }

    public func receive(_ input: Int) -> Subscribers.Demand {
        .none
    }

    public func receive(completion: Subscribers.Completion<Never>) {
        print("Subscriber's completion: \(completion)")
    }
}
