// Reference solution of the MyAssign exercise (chapter 01-demand).
// From a seed: exercise 1 of the Chinese article on backpressure (see Credits in the README).

import OpenCombineShim

extension Subscribers {
    /// A subscriber that writes every value it receives to a property of an object, like
    /// Combine's `Subscribers.Assign`.
    ///
    /// Its life is an explicit state machine, so each rule is one `switch`: it assigns only in
    /// `.subscribed`, a second subscription finds it not `.awaitingSubscription` and is
    /// cancelled, and `.terminal` holds no object, which is how completion and cancel let
    /// go of it.
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
            self.state = .awaitingSubscription(object)
        }

        /// The object it writes to, until it completes or is cancelled.
        public var object: Root? {
            switch state {
            case .awaitingSubscription(let object), .subscribed(let object, _): return object
            case .terminal: return nil
            }
        }

        public func receive(subscription: Subscription) {
            guard case .awaitingSubscription(let object) = state else {
                subscription.cancel()
                return
            }
            state = .subscribed(object, subscription)
            subscription.request(.unlimited)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            if case .subscribed(let object, _) = state {
                object[keyPath: keyPath] = input
            }
            return .none
        }

        /// Finishing lets go of the object but cancels nothing: the publisher is done already.
        public func receive(completion: Subscribers.Completion<Never>) {
            state = .terminal
        }

        public func cancel() {
            guard case .subscribed(_, let subscription) = state else {
                state = .terminal
                return
            }
            state = .terminal
            subscription.cancel()
        }
    }
}

extension Publisher where Failure == Never {
    /// Assigns every value to `object[keyPath: keyPath]` until the returned cancellable is cancelled.
    public func myAssign<Root>(
        to keyPath: ReferenceWritableKeyPath<Root, Output>,
        on object: Root
    ) -> AnyCancellable {
        let subscriber = Subscribers.MyAssign(object: object, keyPath: keyPath)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
