import OpenCombineShim

/// A publisher a check controls and inspects: the upstream of the code under test.
///
/// Each subscriber gets its own ``ProbeSubscription``. It hands out `supply` as demand
/// arrives (a cold, demand-driven source, then `.finished` if asked to), and the check can
/// also push values with ``send(_:)`` (a hot source that, like a well-behaved publisher,
/// never sends past demand).
public final class ProbePublisher<Output, Failure: Error>: Publisher {
    public private(set) var subscriptions: [ProbeSubscription<Output, Failure>] = []
    private let supply: [Output]
    private let finishesWhenSupplyRunsOut: Bool

    /// - Parameters:
    ///   - supply: values each subscriber is given, one per unit of demand.
    ///   - finishing: send `.finished` once a subscriber has had the whole supply.
    public init(supplying supply: [Output] = [], thenFinish finishing: Bool = false) {
        self.supply = supply
        self.finishesWhenSupplyRunsOut = finishing
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = ProbeSubscription(
            subscriber, supply: supply, finishesWhenSupplyRunsOut: finishesWhenSupplyRunsOut)
        subscriptions.append(subscription)
        subscription.start()
    }

    /// The first subscription, if anyone subscribed.
    public var subscription: ProbeSubscription<Output, Failure>? { subscriptions.first }

    /// Subscriptions neither cancelled nor completed.
    public var liveSubscriptions: [ProbeSubscription<Output, Failure>] { subscriptions.filter(\.isLive) }

    /// Sends `value` to every live subscription that has demand for it; returns how many got it.
    @discardableResult
    public func send(_ value: Output) -> Int {
        subscriptions.filter { $0.deliver(value) }.count
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        subscriptions.forEach { $0.complete(completion) }
    }
}
