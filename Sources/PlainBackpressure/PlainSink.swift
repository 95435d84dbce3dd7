import Foundation
import OpenCombineShim

/// The subscriber `PlainAmb` puts in front of each of its upstreams.
///
/// The plain version of the library's `Sink` helper, to read first: the same job, with one
/// `NSLock` and nothing else. An operator has to subscribe to its upstream before the
/// upstream's subscription exists, yet its downstream may ask for values at any moment. So
/// demand that comes before the subscription is kept here, and requested as soon as the
/// subscription arrives. Every value and the completion go to the operator's closures.
///
/// The closures usually hold the operator, while the operator holds its sinks: a cycle,
/// which the operator breaks by letting go of its sinks when it completes or is cancelled.
final class PlainSink<Input, Failure: Error>: Subscriber, Cancellable {
    // [excerpt: state]
    private let lock = NSLock()
    /// The upstream's subscription, once it has come; nil again after a completion or a cancel.
    private var subscription: Subscription?
    /// Demand asked for before the subscription came: requested the moment it comes.
    private var pendingDemand = Subscribers.Demand.none
    /// Completed or cancelled, for good: nothing more is requested.
    private var isTerminated = false
    /// Set once and never changed, so they need no lock.
    private let receiveValue: (Input) -> Subscribers.Demand
    private let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
    // [/excerpt]

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
        lock.lock()
        guard !isTerminated, self.subscription == nil else {
            lock.unlock()
            subscription.cancel() // Cancelled before it came, or a second one: refuse it.
            return
        }
        self.subscription = subscription
        let demand = pendingDemand
        pendingDemand = .none
        lock.unlock()
        if demand > .none {
            subscription.request(demand) // After unlocking: it may deliver at once.
        }
    }
    // [/excerpt]

    /// Hands the value on. No lock: an upstream sends its values one at a time, and the
    /// closure never changes.
    func receive(_ input: Input) -> Subscribers.Demand {
        receiveValue(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let isFirst = !isTerminated
        isTerminated = true
        subscription = nil
        lock.unlock()
        if isFirst { receiveCompletion(completion) }
    }

    // [excerpt: request]
    /// Asks the upstream for more, now or as soon as its subscription arrives.
    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return } // Asking for zero is not allowed.
        lock.lock()
        guard !isTerminated else {
            lock.unlock()
            return
        }
        guard let subscription else {
            pendingDemand += demand // No subscription yet: keep it until one comes.
            lock.unlock()
            return
        }
        lock.unlock()
        subscription.request(demand)
    }
    // [/excerpt]

    func cancel() {
        lock.lock()
        let subscription = self.subscription
        self.subscription = nil
        isTerminated = true
        lock.unlock()
        subscription?.cancel()
    }
}
