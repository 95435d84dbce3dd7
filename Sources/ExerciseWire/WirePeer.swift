import Foundation

/// An object one side lends the other: the borrower calls it by name through its handle.
public protocol WireObject: AnyObject {
    /// Performs `method`; a thrown error goes back as ``WireValue/thrown(_:)``.
    func perform(_ method: String, _ arguments: [WireValue], on peer: WirePeer) throws -> WireValue
}

/// One side of the conversation: the objects it lends, and calls to the objects it borrows.
///
/// The judge and the driver each hold one. A borrowed object is a proxy (``RemoteSubscriber``
/// and friends) whose methods are ``call(_:_:_:)``s; a lent one sits in the lender's table
/// until the borrower releases it. Neither side can reach anything of the other's except
/// by calling what it was lent, by name, with plain values.
open class WirePeer: @unchecked Sendable {
    /// Handle 0 is each side's root: what the other side asks for by name (``root``).
    public static let rootHandle = 0
    /// The method a borrower calls on the lender's root when a proxy goes away.
    public static let releaseMethod = "release"

    private let table = NSLock()
    private var objects: [Int: WireObject] = [:]
    private var nextHandle = 1
    /// What handle 0 answers, besides releases.
    public var root: WireObject?

    public init() {}

    /// Lends `object` to the other side, which sees it as the returned handle.
    public func lend(_ object: WireObject) -> WireValue {
        table.lock()
        defer { table.unlock() }
        let handle = nextHandle
        nextHandle += 1
        objects[handle] = object
        return .object(handle)
    }

    /// How many objects the other side still holds: a check of leaks and of releases.
    public var lentCount: Int {
        table.lock()
        defer { table.unlock() }
        return objects.count
    }

    /// Calls `method` of the other side's object `target` and waits for the result.
    /// Subclasses carry it; a side that cannot go on (the other side is gone) ends here.
    open func call(_ target: Int, _ method: String, _ arguments: [WireValue]) -> WireValue {
        fatalError("a WirePeer subclass carries calls")
    }

    /// Tells the lender that the proxy of `handle` is gone. A side may send it later
    /// (see the judge's), but sends it.
    open func release(_ handle: Int) {
        _ = call(Self.rootHandle, Self.releaseMethod, [.int(handle)])
    }

    /// Performs an incoming call on the lent object it names.
    public func perform(_ message: WireMessage) -> WireValue {
        if message.target == Self.rootHandle, message.method == Self.releaseMethod {
            if case .int(let handle)? = message.values.first {
                table.lock()
                let released = objects.removeValue(forKey: handle)
                table.unlock()
                // The object may end here, and its deinit may call out: not under the lock.
                withExtendedLifetime(released) {}
            }
            return .none
        }
        let object: WireObject?
        if message.target == Self.rootHandle {
            object = root
        } else {
            table.lock()
            object = objects[message.target]
            table.unlock()
        }
        guard let object else { return .thrown("no object \(message.target) to call \(message.method) on") }
        do {
            return try object.perform(message.method, message.values, on: self)
        } catch let violation as ContractViolation {
            return violated(violation)
        } catch {
            return .thrown(String(describing: error))
        }
    }

    /// What answers a call that breaks Combine's contract: by default the caller is told, as
    /// with any error; the side that judges ends the check instead.
    open func violated(_ violation: ContractViolation) -> WireValue {
        .thrown(violation.description)
    }
}

/// A method's arguments, read by position with the shape the method expects.
public struct WireArguments {
    public let values: [WireValue]
    public let method: String

    public init(_ values: [WireValue], of method: String) {
        self.values = values
        self.method = method
    }

    public subscript(position: Int) -> WireValue {
        position < values.count ? values[position] : .none
    }

    public func decode<Value: WireCodable>(_ position: Int, as type: Value.Type = Value.self) throws -> Value {
        try Value(wireValue: self[position])
    }

    /// The handle of a borrowed object.
    public func handle(_ position: Int) throws -> Int {
        guard case .object(let handle) = self[position] else {
            throw WireShapeError(expected: "an object as argument \(position + 1) of \(method)", found: self[position])
        }
        return handle
    }
}

/// A call that breaks Combine's contract where Combine itself would trap (a `request(.none)`):
/// a lent object refuses it rather than pass it to an object that would trap in its lender.
public struct ContractViolation: Error, CustomStringConvertible {
    /// What the caller did, as a sentence without its subject ("called request(.none) …").
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A method name the object does not answer.
public struct UnknownMethod: Error, CustomStringConvertible {
    public var method: String
    public var object: String
    public init(_ method: String, of object: Any) {
        self.method = method
        self.object = String(describing: type(of: object))
    }
    public var description: String { "\(object) has no method \(method)" }
}
