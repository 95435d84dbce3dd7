import OpenCombineShim

/// The subscriber an operator puts in front of each of its upstreams.
///
/// An operator must subscribe to its upstream before the upstream's subscription exists,
/// yet its downstream may ask for values at any time. `Sink` bridges that gap: demand
/// asked for before the subscription arrives is kept and requested as soon as it does.
/// It hands every event to the operator's closures, and `cancel()` both cancels the
/// upstream and releases the closures, which breaks the operator ↔ sink reference cycle.
///
/// Like every type here it never calls out while holding its lock.
final class Sink<Upstream: Publisher>: Subscriber, Cancellable {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let lock = Lock()
    private var subscription: Subscription?
    private var pendingDemand = Subscribers.Demand.none
    private var isTerminated = false
    private var receiveValue: ((Input) -> Subscribers.Demand)?
    private var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?

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

    // [excerpt: receive-subscription]
    func receive(subscription: Subscription) {
        let demand: Subscribers.Demand? = lock.withLock {
            guard !isTerminated, self.subscription == nil else { return nil }
            self.subscription = subscription
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
    // [/excerpt]

    func receive(_ input: Input) -> Subscribers.Demand {
        guard let handler = lock.withLock({ receiveValue }) else { return .none }
        return handler(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let handler: ((Subscribers.Completion<Failure>) -> Void)? = lock.withLock {
            defer { release() }
            return receiveCompletion
        }
        handler?(completion)
    }

    // [excerpt: request]
    /// Asks the upstream for more, now or as soon as its subscription arrives.
    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        let subscription: Subscription? = lock.withLock {
            guard !isTerminated else { return nil }
            if self.subscription == nil { pendingDemand += demand }
            return self.subscription
        }
        subscription?.request(demand)
    }
    // [/excerpt]

    func cancel() {
        let subscription: Subscription? = lock.withLock {
            defer { release() }
            return self.subscription
        }
        subscription?.cancel()
    }

    /// Drops the subscription and the closures. Must be called with the lock held.
    private func release() {
        isTerminated = true
        subscription = nil
        receiveValue = nil
        receiveCompletion = nil
    }
}
