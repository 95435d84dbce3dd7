/// A failure type that can be rebuilt from the description that crossed the wire.
///
/// `Error` itself needs nothing: a failure typed `Error` arrives as a ``WireError``.
public protocol WireFailure: Error {
    init(wireDescription: String) throws
}

extension WireError: WireFailure {
    public init(wireDescription: String) { self.init(wireDescription) }
}

/// The failure types a side knows by their descriptions: a failure typed `Error` that
/// crossed the wire comes back as the first of them that recognises it, else a ``WireError``.
///
/// A side sets them once, before its first call; reads come from whichever thread a
/// completion arrives on, so the list is kept under a lock.
public enum KnownFailures {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var registered: [WireFailure.Type] = []

    public static var types: [WireFailure.Type] {
        get { lock.withLock { registered } }
        set { lock.withLock { registered = newValue } }
    }
}

enum FailureCoding {
    /// The failure of type `Failure` that `description` stands for.
    static func decode<Failure: Error>(_ description: String, as type: Failure.Type) throws -> Failure {
        if Failure.self == Error.self {
            for known in KnownFailures.types {
                if let failure = try? known.init(wireDescription: description), let typed = failure as? Failure { return typed }
            }
        }
        if let failure = WireError(description) as? Failure { return failure }
        if let known = Failure.self as? WireFailure.Type, let failure = try known.init(wireDescription: description) as? Failure {
            return failure
        }
        throw WireShapeError(expected: "no failure (the publisher's failure type is \(Failure.self))", found: .completion(description))
    }
}

extension WireArguments {
    public func completion<Failure: Error>(_ position: Int, failure: Failure.Type) throws -> Subscribers.Completion<Failure> {
        try Subscribers.Completion(wireValue: self[position]) { try FailureCoding.decode($0, as: Failure.self) }
    }
}

import Foundation
import OpenCombineShim
