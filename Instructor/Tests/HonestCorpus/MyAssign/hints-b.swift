// Honest corpus: MyAssign by hints-b. Design: optional object + optional subscription, no enum; unlimited once, cancel a second subscription. Followed the hints: yes.

import OpenCombineShim

extension Subscribers {
    public final class MyAssign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never

        private let keyPath: ReferenceWritableKeyPath<Root, Input>
        // nil once we have completed or been cancelled.
        private var target: Root?
        // nil until a subscription arrives, and again after the end.
        private var upstream: Subscription?

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.target = object
            self.keyPath = keyPath
        }

        public func receive(subscription: Subscription) {
            // Only accept one, and only while we still have an object.
            guard target != nil, upstream == nil else {
                subscription.cancel()
                return
            }
            upstream = subscription
            subscription.request(.unlimited)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            if upstream != nil, let target = target {
                target[keyPath: keyPath] = input
            }
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            // The publisher is done: forget everything, cancel nothing.
            target = nil
            upstream = nil
        }

        public func cancel() {
            let subscription = upstream
            target = nil
            upstream = nil
            subscription?.cancel()
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
