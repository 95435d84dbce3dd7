import OpenCombineShim

/// The subscription a ``ProbePublisher`` hands out: it remembers every call made on it and
/// honours demand exactly, so a check can tell what a subscriber under test asked for.
///
/// It delivers values from its supply in a loop rather than recursively, so a subscriber
/// that requests from inside `receive(_:)` cannot make it recurse.
public final class ProbeSubscription<Output, Failure: Error>: Subscription {
    /// Every `request(_:)` call, in order, including those after it ended.
    public private(set) var requests: [Subscribers.Demand] = []
    /// What the subscriber returned from each `receive(_:)`.
    public private(set) var returnedDemands: [Subscribers.Demand] = []
    public private(set) var cancelCount = 0
    /// Values handed to the subscriber.
    public private(set) var deliveredCount = 0
    /// Values requested (by either route) and not yet delivered.
    public private(set) var outstanding: Subscribers.Demand = .none
    /// False once cancelled or completed.
    public private(set) var isLive = true

    private var subscriber: AnySubscriber<Output, Failure>?
    private var supply: [Output]
    private let finishesWhenSupplyRunsOut: Bool
    private var isDraining = false

    /// A subscription with no subscriber behind it, for handing to a subscriber by hand:
    /// it only records what is asked of it.
    public convenience init() {
        self.init(AnySubscriber<Output, Failure>(), supply: [], finishesWhenSupplyRunsOut: false)
    }

    init<S: Subscriber>(_ subscriber: S, supply: [Output], finishesWhenSupplyRunsOut: Bool)
    where S.Input == Output, S.Failure == Failure {
        self.subscriber = AnySubscriber(subscriber)
        self.supply = supply
        self.finishesWhenSupplyRunsOut = finishesWhenSupplyRunsOut
    }

    /// Everything asked of this subscription so far: each `request` and each demand returned
    /// from `receive(_:)`.
    public var totalRequested: Subscribers.Demand {
        (requests + returnedDemands).reduce(.none, +)
    }

    public func request(_ demand: Subscribers.Demand) {
        requests.append(demand)
        guard isLive else { return }
        outstanding += demand
        drainSupply()
    }

    public func cancel() {
        cancelCount += 1
        end()
    }

    /// Delivers `value` if the subscriber has demand for it; returns whether it did.
    @discardableResult
    func deliver(_ value: Output) -> Bool {
        guard isLive, outstanding > .none, let subscriber else { return false }
        outstanding -= 1
        deliveredCount += 1
        let more = subscriber.receive(value)
        returnedDemands.append(more)
        if isLive { outstanding += more }
        return true
    }

    func complete(_ completion: Subscribers.Completion<Failure>) {
        guard isLive, let subscriber else { return }
        end()
        subscriber.receive(completion: completion)
    }

    func start() {
        subscriber?.receive(subscription: self)
    }

    private func drainSupply() {
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        while isLive, outstanding > .none, !supply.isEmpty {
            deliver(supply.removeFirst())
        }
        if isLive, supply.isEmpty, finishesWhenSupplyRunsOut {
            complete(.finished)
        }
    }

    private func end() {
        isLive = false
        subscriber = nil
    }
}
