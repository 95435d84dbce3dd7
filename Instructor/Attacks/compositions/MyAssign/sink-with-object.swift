// Composes Combine's Subscribers.Sink (asks for .unlimited, refuses a second subscription,
// stops after a completion or cancel) with a key-path write, plus one flag so nothing is
// assigned before the subscription. myAssign(to:on:) is Combine's sink(receiveValue:).
import OpenCombineShim

final class ObjectHolder<Root> {
    var object: Root?
    init(_ object: Root) { self.object = object }
}

extension Subscribers {
    public final class MyAssign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never
        private let holder: ObjectHolder<Root>
        private let sink: Subscribers.Sink<Input, Never>

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            let holder = ObjectHolder(object)
            self.holder = holder
            sink = Subscribers.Sink(
                receiveCompletion: { _ in holder.object = nil },
                receiveValue: { value in holder.object?[keyPath: keyPath] = value })
        }

        private var subscribed = false

        public func receive(subscription: Subscription) {
            subscribed = true
            sink.receive(subscription: subscription)
        }
        public func receive(_ input: Input) -> Subscribers.Demand { subscribed ? sink.receive(input) : .none }
        public func receive(completion: Subscribers.Completion<Never>) { sink.receive(completion: completion) }
        public func cancel() {
            sink.cancel()
            holder.object = nil
        }
    }
}

extension Publisher where Failure == Never {
    public func myAssign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        sink { value in object[keyPath: keyPath] = value }
    }
}
