import OpenCombineShim

/// A subject lent to the other side: what it is sent, and who subscribes to it, arrive as calls.
public final class LentSubject<Output: WireCodable, Failure: Error>: WireObject {
    private let send: (Output) -> Void
    private let complete: (Subscribers.Completion<Failure>) -> Void
    private let sendSubscription: (Subscription) -> Void
    private let publisher: LentPublisher<Output, Failure>

    public init<S: Subject>(_ subject: S) where S.Output == Output, S.Failure == Failure {
        send = subject.send
        complete = subject.send(completion:)
        sendSubscription = subject.send(subscription:)
        publisher = LentPublisher(subject)
    }

    public func perform(_ method: String, _ arguments: [WireValue], on peer: WirePeer) throws -> WireValue {
        let arguments = WireArguments(arguments, of: method)
        switch method {
        case "send": send(try arguments.decode(0, as: Output.self))
        case "sendCompletion": complete(try arguments.completion(0, failure: Failure.self))
        case "sendSubscription": sendSubscription(try peer.borrow(arguments[0], as: RemoteSubscription.self))
        case "subscribe": return try publisher.perform(method, arguments.values, on: peer)
        default: throw UnknownMethod(method, of: self)
        }
        return .none
    }
}

/// The other side's subject.
public final class RemoteSubject<Output: WireCodable, Failure: Error>: RemoteObject, Subject, @unchecked Sendable {
    public func send(_ value: Output) {
        call("send", [value.wireValue])
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        call("sendCompletion", [completion.wireValue])
    }

    public func send(subscription: Subscription) {
        call("sendSubscription", [peer.lend(LentSubscription(subscription))])
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        call("subscribe", [peer.lend(LentSubscriber(AnySubscriber(subscriber)))])
    }
}
