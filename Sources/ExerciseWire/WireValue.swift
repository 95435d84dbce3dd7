import OpenCombineShim

/// A value that crosses between the judge and the driver: the arguments and results of
/// calls, and handles of the objects each side lends the other.
///
/// Only plain data crosses. A learner's object never leaves the driver; the judge sees it
/// as a ``WireValue/object(_:)`` handle and calls it by name.
public enum WireValue: Codable, Equatable, Sendable {
    case none
    case bool(Bool)
    case int(Int)
    case string(String)
    case bytes([UInt8])
    case list([WireValue])
    /// An object lent by one side to the other, by the lender's handle.
    case object(Int)
    /// A `Subscribers.Demand`: `nil` is `.unlimited`.
    case demand(Int?)
    /// A completion: `nil` is `.finished`, a string the failure's description.
    case completion(String?)
    /// A call that threw: what it threw, described.
    case thrown(String)
}

/// Something that crosses the wire as a ``WireValue``.
public protocol WireCodable {
    var wireValue: WireValue { get }
    init(wireValue: WireValue) throws
}

/// A value that does not have the shape the other side's call expected.
public struct WireShapeError: Error, CustomStringConvertible {
    public var expected: String
    public var found: WireValue
    public init(expected: String, found: WireValue) {
        self.expected = expected
        self.found = found
    }
    public var description: String { "expected \(expected), found \(found)" }
}

extension Int: WireCodable {
    public var wireValue: WireValue { .int(self) }
    public init(wireValue: WireValue) throws {
        guard case .int(let value) = wireValue else { throw WireShapeError(expected: "an Int", found: wireValue) }
        self = value
    }
}

extension Bool: WireCodable {
    public var wireValue: WireValue { .bool(self) }
    public init(wireValue: WireValue) throws {
        guard case .bool(let value) = wireValue else { throw WireShapeError(expected: "a Bool", found: wireValue) }
        self = value
    }
}

extension String: WireCodable {
    public var wireValue: WireValue { .string(self) }
    public init(wireValue: WireValue) throws {
        guard case .string(let value) = wireValue else { throw WireShapeError(expected: "a String", found: wireValue) }
        self = value
    }
}

extension UInt8: WireCodable {
    public var wireValue: WireValue { .int(Int(self)) }
    public init(wireValue: WireValue) throws {
        guard case .int(let value) = wireValue, let byte = UInt8(exactly: value) else { throw WireShapeError(expected: "a byte", found: wireValue) }
        self = byte
    }
}

extension Array: WireCodable where Element: WireCodable {
    public var wireValue: WireValue { .list(map(\.wireValue)) }
    public init(wireValue: WireValue) throws {
        guard case .list(let values) = wireValue else { throw WireShapeError(expected: "a list", found: wireValue) }
        self = try values.map(Element.init(wireValue:))
    }
}

extension Subscribers.Demand: WireCodable {
    public var wireValue: WireValue { .demand(max) }
    public init(wireValue: WireValue) throws {
        guard case .demand(let max) = wireValue else { throw WireShapeError(expected: "a demand", found: wireValue) }
        guard let max else { self = .unlimited; return }
        guard max >= 0 else { throw WireShapeError(expected: "a demand of at least 0", found: wireValue) }
        self = .max(max)
    }
}

/// An error that crossed the wire: only its description survives the trip.
public struct WireError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension Subscribers.Completion {
    public var wireValue: WireValue {
        switch self {
        case .finished: return .completion(nil)
        case .failure(let error): return .completion(String(describing: error))
        }
    }

    /// The completion a ``WireValue`` describes, its failure made by `failure` from the
    /// description that crossed.
    public init(wireValue: WireValue, failure: (String) throws -> Failure) throws {
        guard case .completion(let description) = wireValue else { throw WireShapeError(expected: "a completion", found: wireValue) }
        self = try description.map { .failure(try failure($0)) } ?? .finished
    }
}
