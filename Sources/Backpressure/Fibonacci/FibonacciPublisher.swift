import OpenCombineShim

/// A publisher of the Fibonacci sequence 0, 1, 1, 2, 3, 5, …
///
/// The publisher itself is only a description: a value type holding its configuration.
/// Every subscriber gets its own `FibonacciSubscription`, which does the work and keeps the
/// state, so two subscribers each see the sequence from the start.
public struct FibonacciPublisher: Publisher {
    public typealias Output = Int
    public typealias Failure = Never

    public var configuration: FibonacciConfiguration

    public init(configuration: FibonacciConfiguration) {
        self.configuration = configuration
    }

    // [excerpt: receive-subscriber]
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        guard configuration.count > .none else {
            // Nothing to send: finish at once, as `Empty` and `[].publisher` do, instead
            // of waiting for a request that a subscriber with no use for values never makes.
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: .finished)
            return
        }
        let subscription = FibonacciSubscription(subscriber: subscriber, count: configuration.count)
        subscriber.receive(subscription: subscription)
    }
    // [/excerpt]
}

extension Publishers {
    /// A publisher of at most `count` Fibonacci numbers, then `.finished`.
    ///
    /// With `.unlimited` it sends the 93 numbers that fit in `Int`, ending with
    /// 7540113804746346429, and then finishes instead of overflowing.
    public static func fibonacci(count: Subscribers.Demand = .max(6)) -> FibonacciPublisher {
        FibonacciPublisher(configuration: FibonacciConfiguration(count: count))
    }
}

/// A configuration and nothing else: safe to hand to another thread.
extension FibonacciPublisher: Sendable {}
