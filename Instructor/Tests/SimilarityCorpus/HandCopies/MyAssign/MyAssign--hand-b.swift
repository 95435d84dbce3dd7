import OpenCombineShim

extension Subscribers {
    public final class MyAssign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never

        private enum State {
            case awaitingSubscription(Root)
            case subscribed(Root, Subscription)
            case terminal
        }

        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        private var state: State

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.keyPath = keyPath
            state = .awaitingSubscription(object)
        }

        public var object: Root? {
            if case .awaitingSubscription(let object) = state { return object }
            if case .subscribed(let object, _) = state { return object }
            return nil
        }

        public func receive(subscription: Subscription) {
            switch state {
            case .awaitingSubscription(let object):
                state = .subscribed(object, subscription)
                subscription.request(.unlimited)
            case .subscribed, .terminal:
                subscription.cancel()
            }
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            guard case .subscribed(let object, _) = state else { return .none }
            write(input, to: object)
            return .none
        }

        private func write(_ input: Input, to object: Root) {
            object[keyPath: keyPath] = input
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            state = .terminal
        }

        public func cancel() {
            let previous = state
            state = .terminal
            if case .subscribed(_, let subscription) = previous {
                subscription.cancel()
            }
        }
    }
}

extension Publisher where Failure == Never {
    public func myAssign<Root>(
        to keyPath: ReferenceWritableKeyPath<Root, Output>,
        on object: Root
    ) -> AnyCancellable {
        let subscriber = Subscribers.MyAssign(object: object, keyPath: keyPath)
        self.subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
