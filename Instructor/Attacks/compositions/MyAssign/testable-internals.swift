// Evasion 2 (internals): `@testable import OpenCombine` reaches Combine's internal helpers,
// which no public name leads to: its SubscriptionStatus state machine and UnfairLock.
@testable import OpenCombine

extension Subscribers {
    public final class MyAssign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never
        private let lock = UnfairLock.allocate()
        private var status = SubscriptionStatus.awaitingSubscription
        private var object: Root?
        private let keyPath: ReferenceWritableKeyPath<Root, Input>

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.object = object
            self.keyPath = keyPath
        }

        deinit { lock.deallocate() }

        public func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = status else {
                lock.unlock()
                return subscription.cancel()
            }
            status = .subscribed(subscription)
            lock.unlock()
            subscription.request(.unlimited)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = status, let object else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            object[keyPath: keyPath] = input
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            lock.lock()
            status = .terminal
            object = nil
            lock.unlock()
        }

        public func cancel() {
            lock.lock()
            guard case let .subscribed(subscription) = status else {
                lock.unlock()
                return
            }
            status = .terminal
            object = nil
            lock.unlock()
            subscription.cancel()
        }
    }
}

extension Publisher where Failure == Never {
    public func myAssign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let subscriber = Subscribers.MyAssign(object: object, keyPath: keyPath)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
