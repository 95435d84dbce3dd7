import Foundation
import OpenCombineShim

/// A publisher driven by hand, which records what its subscriber asks of it.
///
/// Unlike a subject it sends whatever the test tells it to, demand or not, so tests can
/// check that an operator itself keeps deliveries within demand. Each subscription is
/// recorded; it holds its subscriber only until cancelled or completed, so tests can
/// check for leaks with weak references.
final class TestPublisher<Output, Failure: Error>: Publisher {
    final class Subscription: OpenCombineShim.Subscription {
        private let lock = NSLock()
        private var subscriber: AnySubscriber<Output, Failure>?
        private var _requests: [Subscribers.Demand] = []
        private var _cancelled = false

        init(_ subscriber: AnySubscriber<Output, Failure>) { self.subscriber = subscriber }

        var requests: [Subscribers.Demand] { lock.lock(); defer { lock.unlock() }; return _requests }
        var isCancelled: Bool { lock.lock(); defer { lock.unlock() }; return _cancelled }
        var totalDemand: Subscribers.Demand { requests.reduce(.none, +) }

        func request(_ demand: Subscribers.Demand) { lock.lock(); _requests.append(demand); lock.unlock() }
        func cancel() { lock.lock(); _cancelled = true; subscriber = nil; lock.unlock() }

        @discardableResult
        func send(_ value: Output) -> Subscribers.Demand {
            lock.lock(); let subscriber = self.subscriber; lock.unlock()
            return subscriber?.receive(value) ?? .none
        }

        func send(completion: Subscribers.Completion<Failure>) {
            lock.lock(); let subscriber = self.subscriber; self.subscriber = nil; lock.unlock()
            subscriber?.receive(completion: completion)
        }
    }

    private let lock = NSLock()
    private var _subscriptions: [Subscription] = []
    /// Sent to a subscriber as soon as it subscribes, if set (like `Empty` or `Fail`).
    private let immediateCompletion: Subscribers.Completion<Failure>?

    init(completingImmediatelyWith completion: Subscribers.Completion<Failure>? = nil) {
        immediateCompletion = completion
    }

    var subscriptions: [Subscription] { lock.lock(); defer { lock.unlock() }; return _subscriptions }
    var subscription: Subscription? { subscriptions.last }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = Subscription(AnySubscriber(subscriber))
        lock.lock(); _subscriptions.append(subscription); lock.unlock()
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
