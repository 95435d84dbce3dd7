import OpenCombineShim

/// The subscriber an operator puts in front of each of its upstreams.
///
/// An operator must subscribe to its upstream before the upstream's subscription exists,
/// yet its downstream may ask for values at any time. `Sink` bridges that gap: demand
/// asked for before the subscription arrives is kept and requested as soon as it does.
/// It hands every event to the operator's closures, which usually hold the operator
/// while the operator holds its sinks: the operator breaks that cycle by letting go of
/// its sinks when it completes or is cancelled.
///
/// Values go straight to the closure without taking the lock: an upstream sends them
/// serially, and the closures never change, so there is nothing to guard on the path
/// every value takes. The lock guards the subscription and the pending demand.
final class Sink<Upstream: Publisher>: Subscriber, Cancellable {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let lock = Lock()
    // The lock guards these three, so Swift's run-time exclusivity checks (one per access
    // of a class's property) would only repeat its work, on every request.
    @exclusivity(unchecked) private var subscription: UpstreamSubscription?
    @exclusivity(unchecked) private var pendingDemand = Subscribers.Demand.none
    @exclusivity(unchecked) private var isTerminated = false
    private let receiveValue: (Input) -> Subscribers.Demand
    private let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

    /// - Parameters:
    ///   - receiveValue: Handles a value; returns more demand for the upstream.
    ///   - receiveCompletion: Handles the upstream's completion.
    init(
        receiveValue: @escaping (Input) -> Subscribers.Demand,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
    }

    func receive(subscription: Subscription) {
        let upstream = UpstreamSubscription(subscription)
        let demand: Subscribers.Demand? = lock.withLock {
            guard !isTerminated, self.subscription == nil else { return nil }
            self.subscription = upstream
            defer { pendingDemand = .none }
            return pendingDemand
        }
        guard let demand else {
            subscription.cancel()
            return
        }
        if demand > .none {
            subscription.request(demand)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        receiveValue(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let isFirst: Bool = lock.withLock {
            defer { release() }
            return !isTerminated
        }
        if isFirst { receiveCompletion(completion) }
    }

    /// Asks the upstream for more, now or as soon as its subscription arrives.
    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        let subscription: UpstreamSubscription? = lock.withLock {
            guard !isTerminated else { return nil }
            if self.subscription == nil { pendingDemand += demand }
            return self.subscription
        }
        subscription?.request(demand)
    }

    func cancel() {
        let subscription: UpstreamSubscription? = lock.withLock {
            defer { release() }
            return self.subscription
        }
        subscription?.cancel()
    }

    /// Drops the subscription. Must be called with the lock held.
    private func release() {
        isTerminated = true
        subscription = nil
    }
}

/// The upstream's subscription, in a box of its own. A `Sink` copies it out of its lock to
/// call it: copying the box is one retain, where copying a `Subscription?` (an existential,
/// whose value may be of any type and size) goes through that type's value witnesses.
private final class UpstreamSubscription {
    private let subscription: Subscription

    init(_ subscription: Subscription) { self.subscription = subscription }

    func request(_ demand: Subscribers.Demand) { subscription.request(demand) }
    func cancel() { subscription.cancel() }
}
