// Evasion 2: reaches Combine's internal SubjectSubscriber (which asks for .unlimited and
// forwards) without naming it, through two allowed names: AnySubscriber.init(_:) and
// Publisher.subscribe(_:) both have a Subject overload. Only the small Subject is written.
import OpenCombineShim

final class AssigningSubject<Root, Input>: Subject {
    typealias Output = Input
    typealias Failure = Never
    var object: Root?
    let keyPath: ReferenceWritableKeyPath<Root, Input>
    var upstream: Subscription?
    init(_ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Input>) {
        self.object = object
        self.keyPath = keyPath
    }
    func send(_ value: Input) { object?[keyPath: keyPath] = value }
    func send(completion: Subscribers.Completion<Never>) { object = nil }
    func send(subscription: Subscription) {
        upstream = subscription
        subscription.request(.unlimited)
    }
    func receive<S: Subscriber>(subscriber: S) where S.Input == Input, S.Failure == Never {}
}

extension Subscribers {
    public final class MyAssign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never
        private let subject: AssigningSubject<Root, Input>
        private let erased: AnySubscriber<Input, Never>
        private var hasSubscription = false

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            subject = AssigningSubject(object, keyPath)
            erased = AnySubscriber(subject)
        }

        public func receive(subscription: Subscription) {
            if hasSubscription { return subscription.cancel() }
            hasSubscription = true
            erased.receive(subscription: subscription)
        }
        public func receive(_ input: Input) -> Subscribers.Demand { erased.receive(input) }
        public func receive(completion: Subscribers.Completion<Never>) { erased.receive(completion: completion) }
        public func cancel() {
            subject.upstream?.cancel()
            subject.upstream = nil
            subject.object = nil
        }
    }
}

extension Publisher where Failure == Never {
    public func myAssign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let subject = AssigningSubject(object, keyPath)
        let cancellable = subscribe(subject)
        return AnyCancellable { cancellable.cancel(); subject.object = nil; _ = subject }
    }
}
