import OpenCombineShim

/// A subscription lent to the other side.
public final class LentSubscription: WireObject {
    private let subscription: Subscription

    public init(_ subscription: Subscription) {
        self.subscription = subscription
    }

    public func perform(_ method: String, _ arguments: [WireValue], on peer: WirePeer) throws -> WireValue {
        let arguments = WireArguments(arguments, of: method)
        switch method {
        case "request":
            let demand = try arguments.decode(0, as: Subscribers.Demand.self)
            // Combine's own subscriptions trap on it; the lender's must not, for the borrower.
            guard demand != .none else {
                throw ContractViolation("called request(.none) on a subscription; a demand must be at least .max(1) (Combine traps: \"API Violation: demand must not be zero\")")
            }
            subscription.request(demand)
        case "cancel": subscription.cancel()
        default: throw UnknownMethod(method, of: subscription)
        }
        return .none
    }
}

/// A subscriber lent to the other side (cancellable when it is: ``init(_:cancel:)``).
public final class LentSubscriber<Input: WireCodable, Failure: Error>: WireObject {
    public typealias Method = (WireArguments) throws -> WireValue
    private let subscriber: AnySubscriber<Input, Failure>
    private let cancel: (() -> Void)?
    /// Methods of the subscriber's own type besides Combine's (a `Resumable`'s `resume`).
    private let methods: [String: Method]

    public init(_ subscriber: AnySubscriber<Input, Failure>, cancel: (() -> Void)? = nil, methods: [String: Method] = [:]) {
        self.subscriber = subscriber
        self.cancel = cancel
        self.methods = methods
    }

    public convenience init<S: Subscriber & Cancellable>(cancellable subscriber: S, methods: [String: Method] = [:]) where S.Input == Input, S.Failure == Failure {
        self.init(AnySubscriber(subscriber), cancel: subscriber.cancel, methods: methods)
    }

    public func perform(_ method: String, _ arguments: [WireValue], on peer: WirePeer) throws -> WireValue {
        let arguments = WireArguments(arguments, of: method)
        switch method {
        case "receiveSubscription":
            subscriber.receive(subscription: try peer.borrow(arguments[0], as: RemoteSubscription.self))
        case "receive":
            return subscriber.receive(try arguments.decode(0, as: Input.self)).wireValue
        case "receiveCompletion":
            subscriber.receive(completion: try arguments.completion(0, failure: Failure.self))
        case "cancel":
            guard let cancel else { throw UnknownMethod(method, of: subscriber) }
            cancel()
        default:
            guard let own = methods[method] else { throw UnknownMethod(method, of: subscriber) }
            return try own(arguments)
        }
        return .none
    }
}

/// A publisher lent to the other side.
public final class LentPublisher<Output: WireCodable, Failure: Error>: WireObject {
    private let publisher: AnyPublisher<Output, Failure>

    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        self.publisher = publisher.eraseToAnyPublisher()
    }

    public func perform(_ method: String, _ arguments: [WireValue], on peer: WirePeer) throws -> WireValue {
        guard method == "subscribe" else { throw UnknownMethod(method, of: publisher) }
        publisher.subscribe(try peer.borrow(arguments.first ?? .none, as: RemoteSubscriber<Output, Failure>.self))
        return .none
    }
}

/// A cancellable lent to the other side.
public final class LentCancellable: WireObject {
    private let cancellable: Cancellable

    public init(_ cancellable: Cancellable) {
        self.cancellable = cancellable
    }

    public func perform(_ method: String, _ arguments: [WireValue], on peer: WirePeer) throws -> WireValue {
        guard method == "cancel" else { throw UnknownMethod(method, of: cancellable) }
        cancellable.cancel()
        return .none
    }
}

/// A function lent to the other side, called with plain values.
public final class LentFunction: WireObject {
    private let body: (WireArguments, WirePeer) throws -> WireValue

    public init(_ body: @escaping (WireArguments, WirePeer) throws -> WireValue) {
        self.body = body
    }

    public func perform(_ method: String, _ arguments: [WireValue], on peer: WirePeer) throws -> WireValue {
        guard method == "call" else { throw UnknownMethod(method, of: self) }
        return try body(WireArguments(arguments, of: method), peer)
    }
}
