// Evasion 1: Combine's Subscribers.Assign hidden behind a typealias, a generic forwarder
// and an `any Subscriber & Cancellable` existential; the exercise's type never names it.
import OpenCombineShim

typealias Worker<R, I> = Subscribers.Assign<R, I>

protocol Forwarding {
    associatedtype Inner: Subscriber & Cancellable
    var inner: Inner { get }
}

struct Forwarder<Inner: Subscriber & Cancellable>: Forwarding {
    let inner: Inner
}

func makeWorker<R, I>(_ object: R, _ keyPath: ReferenceWritableKeyPath<R, I>) -> any Subscriber<I, Never> & Cancellable {
    Forwarder(inner: Worker(object: object, keyPath: keyPath)).inner
}

extension Subscribers {
    public final class MyAssign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never
        private let inner: any Subscriber<Input, Never> & Cancellable

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            inner = makeWorker(object, keyPath)
        }

        public func receive(subscription: Subscription) { inner.receive(subscription: subscription) }
        public func receive(_ input: Input) -> Subscribers.Demand { inner.receive(input) }
        public func receive(completion: Subscribers.Completion<Never>) { inner.receive(completion: completion) }
        public func cancel() { inner.cancel() }
    }
}

extension Publisher where Failure == Never {
    public func myAssign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let subscriber = Subscribers.MyAssign(object: object, keyPath: keyPath)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
