// Composes AnySubscriber(receiveSubscription:receiveValue:receiveCompletion:), built from
// closures that call Combine's Subscribers.Assign, and AnyCancellable(assign) for cancel.
import OpenCombineShim

extension Subscribers {
    public final class MyAssign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never
        private let erased: AnySubscriber<Input, Never>
        private let canceller: AnyCancellable

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            let assign = Subscribers.Assign(object: object, keyPath: keyPath)
            erased = AnySubscriber(
                receiveSubscription: { assign.receive(subscription: $0) },
                receiveValue: { assign.receive($0) },
                receiveCompletion: { assign.receive(completion: $0) })
            canceller = AnyCancellable(assign)
        }

        public func receive(subscription: Subscription) { erased.receive(subscription: subscription) }
        public func receive(_ input: Input) -> Subscribers.Demand { erased.receive(input) }
        public func receive(completion: Subscribers.Completion<Never>) { erased.receive(completion: completion) }
        public func cancel() { canceller.cancel() }
    }
}

extension Publisher where Failure == Never {
    public func myAssign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let subscriber = Subscribers.MyAssign(object: object, keyPath: keyPath)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
