import OpenCombineShim

/// A handle to an object the other side lent, released when the proxy goes away.
open class RemoteObject: @unchecked Sendable {
    public let peer: WirePeer
    public let handle: Int

    public required init(_ peer: WirePeer, handle: Int) {
        self.peer = peer
        self.handle = handle
    }

    /// Calls `method` on the lent object.
    @discardableResult
    public func call(_ method: String, _ arguments: [WireValue] = []) -> WireValue {
        peer.call(handle, method, arguments)
    }

    deinit {
        peer.release(handle)
    }
}

/// The other side's subscription.
public final class RemoteSubscription: RemoteObject, Subscription, @unchecked Sendable {
    public func request(_ demand: Subscribers.Demand) {
        call("request", [demand.wireValue])
    }

    public func cancel() {
        call("cancel")
    }
}

/// The other side's subscriber, cancellable too when it is (a sink, an assign).
public final class RemoteSubscriber<Input: WireCodable, Failure: Error>: RemoteObject, Subscriber, Cancellable, @unchecked Sendable {
    public func receive(subscription: Subscription) {
        call("receiveSubscription", [peer.lend(LentSubscription(subscription))])
    }

    /// The demand the other side returned; `.none` when what came back is not one, which
    /// the side that judges sees for itself.
    public func receive(_ input: Input) -> Subscribers.Demand {
        (try? Subscribers.Demand(wireValue: call("receive", [input.wireValue]))) ?? .none
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
        call("receiveCompletion", [completion.wireValue])
    }

    public func cancel() {
        call("cancel")
    }
}

/// The other side's publisher.
public final class RemotePublisher<Output: WireCodable, Failure: Error>: RemoteObject, Publisher, @unchecked Sendable {
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        call("subscribe", [peer.lend(LentSubscriber(AnySubscriber(subscriber)))])
    }
}

/// The other side's cancellable.
public final class RemoteCancellable: RemoteObject, Cancellable, @unchecked Sendable {
    public func cancel() {
        call("cancel")
    }
}

/// The other side's function.
public final class RemoteFunction: RemoteObject, @unchecked Sendable {
    /// Calls it; rethrows what it threw, as a ``WireError``.
    public func callAsFunction(_ arguments: WireValue...) throws -> WireValue {
        let result = call("call", arguments)
        if case .thrown(let description) = result { throw WireError(description) }
        return result
    }
}

extension WirePeer {
    /// A proxy of the lent object that `value` names.
    public func borrow<Proxy: RemoteObject>(_ value: WireValue, as type: Proxy.Type) throws -> Proxy {
        guard case .object(let handle) = value else { throw WireShapeError(expected: "an object", found: value) }
        return Proxy(self, handle: handle)
    }
}
