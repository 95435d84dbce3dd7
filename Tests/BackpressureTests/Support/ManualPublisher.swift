import ConcurrencyExtras
import OpenCombineShim

/// A publisher driven by hand, which records what its subscriber asks of it.
///
/// Unlike a subject it sends whatever the test tells it to, demand or not, so tests can
/// check that an operator itself keeps deliveries within demand (and a traced hop can see
/// a rude upstream). Each subscription is recorded; it holds its subscriber only until
/// cancelled or completed, so tests can check for leaks with weak references.
final class ManualPublisher<Output, Failure: Error>: Publisher {
    final class Subscription: OpenCombineShim.Subscription {
        private let state: LockIsolated<(subscriber: AnySubscriber<Output, Failure>?, requests: [Subscribers.Demand], isCancelled: Bool)>

        init(_ subscriber: AnySubscriber<Output, Failure>) { state = LockIsolated((subscriber, [], false)) }

        var requests: [Subscribers.Demand] { state.requests }
        var isCancelled: Bool { state.isCancelled }
        var totalDemand: Subscribers.Demand { requests.reduce(.none, +) }

        func request(_ demand: Subscribers.Demand) { state.withValue { $0.requests.append(demand) } }
        func cancel() { state.withValue { $0.isCancelled = true; $0.subscriber = nil } }

        @discardableResult
        func send(_ value: Output) -> Subscribers.Demand {
            state.subscriber?.receive(value) ?? .none
        }

        func send(completion: Subscribers.Completion<Failure>) {
            let subscriber = state.withValue { state in defer { state.subscriber = nil }; return state.subscriber }
            subscriber?.receive(completion: completion)
        }
    }

    private let recorded = LockIsolated<[Subscription]>([])
    /// Sent to a subscriber as soon as it subscribes, if set (like `Empty` or `Fail`).
    private let immediateCompletion: Subscribers.Completion<Failure>?

    init(completingImmediatelyWith completion: Subscribers.Completion<Failure>? = nil) {
        immediateCompletion = completion
    }

    var subscriptions: [Subscription] { recorded.value }
    var subscription: Subscription? { subscriptions.last }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = Subscription(AnySubscriber(subscriber))
        recorded.withValue { $0.append(subscription) }
        subscriber.receive(subscription: subscription)
        if let immediateCompletion { subscription.send(completion: immediateCompletion) }
    }

    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand { subscription?.send(value) ?? .none }
    func send(completion: Subscribers.Completion<Failure>) { subscription?.send(completion: completion) }
}

/// A value whose deallocation a test can observe through a weak reference.
final class Token {}

struct TestError: Error, Equatable {}

extension Subscribers.Completion {
    var isFinished: Bool { if case .finished = self { return true } else { return false } }
}
