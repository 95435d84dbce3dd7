// Composes Combine's own Subscribers.Assign: MyAssign forwards every call to an Assign it
// holds, and myAssign(to:on:) is Combine's assign(to:on:).
import OpenCombineShim

extension Subscribers {
    public final class MyAssign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never
        private let inner: Subscribers.Assign<Root, Input>

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            inner = Subscribers.Assign(object: object, keyPath: keyPath)
        }

        public func receive(subscription: Subscription) { inner.receive(subscription: subscription) }
        public func receive(_ input: Input) -> Subscribers.Demand { inner.receive(input) }
        public func receive(completion: Subscribers.Completion<Never>) { inner.receive(completion: completion) }
        public func cancel() { inner.cancel() }
    }
}

extension Publisher where Failure == Never {
    public func myAssign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        assign(to: keyPath, on: object)
    }
}
