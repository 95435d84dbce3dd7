import BackpressureTrace

/// What a check says when an implementation misbehaves, in the learner's terms.
///
/// The message names what the learner's code did and what was expected, e.g.
/// "after request(.max(2)) your subscription delivered 3 values". It is the only thing a
/// learner sees of a failed check, so it never mentions the check's own machinery.
public struct CheckFailure: Error, Equatable, CustomStringConvertible {
    public var message: String
    /// The Reactive Streams rule broken, such as "1.1", when the failure is a break of
    /// the protocol that a ``Trace`` saw; `nil` for a wrong result.
    public var rule: String?

    public init(_ message: String) {
        self.message = message
    }

    /// A break of the protocol: the rule, what happened, and the timeline with the
    /// offending event marked in its `broken` lane, so the learner sees where it went wrong.
    public init(_ violation: Trace.Violation, in trace: Trace) {
        message = "broke Reactive Streams rule \(violation.rule): \(violation.message)\n\n\(trace.timeline())"
        rule = violation.rule
    }

    public var description: String { message }
}

/// Fails the running scenario with `message` unless `condition` holds.
///
/// The message is an autoclosure so a passing check never builds it.
func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw CheckFailure(message()) }
}

/// The value, or a failure saying the code under test never subscribed.
func unwrap<Value>(_ value: Value?) throws -> Value {
    guard let value else { throw CheckFailure("your code never subscribed to the upstream it was given") }
    return value
}
