// Honest corpus: MyAssign by hints-a. Design: a state enum (awaiting / subscribed / terminal) switched on by every callback. Followed the hints: yes.

import OpenCombineShim

extension Subscribers {
    public final class MyAssign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never

        private enum Phase {
            case awaiting(Root)
            case subscribed(Root, Subscription)
            case terminal
        }

        private let target: ReferenceWritableKeyPath<Root, Input>
        private var phase: Phase

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.target = keyPath
            self.phase = .awaiting(object)
        }

        public func receive(subscription: Subscription) {
            switch phase {
            case let .awaiting(object):
                phase = .subscribed(object, subscription)
                subscription.request(.unlimited)
            case .subscribed, .terminal:
                subscription.cancel()
            }
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            switch phase {
            case let .subscribed(object, _):
                object[keyPath: target] = input
            case .awaiting, .terminal:
                break
            }
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            phase = .terminal
        }

        public func cancel() {
            let previous = phase
            phase = .terminal
            if case let .subscribed(_, subscription) = previous {
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
        let assigner = Subscribers.MyAssign(object: object, keyPath: keyPath)
        subscribe(assigner)
        return AnyCancellable(assigner)
    }
}
