import BackpressureTrace
import OpenCombineShim

/// What a check says about the values and completion a ``ProbeSubscriber`` saw, and the
/// subscribe-and-compare steps the publisher checks share.
extension ProbeSubscriber where Input: Equatable {
    /// "[5, 4] then .finished", "[5, 4] and no completion".
    var receivedText: String {
        Self.text(values, completion?.swiftText)
    }

    /// Fails unless exactly `values` arrived, followed by `completion` (`nil`: none yet).
    ///
    /// - Parameter situation: what the subscriber did, e.g. "with request(.max(2))".
    func expectReceived(
        _ values: [Input], then completion: Subscribers.Completion<Failure>? = nil, _ situation: String
    ) throws {
        try audit()
        let expected = Self.text(values, completion?.swiftText)
        try expect(receivedText == expected, "\(situation): got \(receivedText), expected \(expected)")
    }

    /// Shorthand for the common case: these values, then `.finished` or nothing.
    func expectReceived(_ values: [Input], finished: Bool, _ situation: String) throws {
        try expectReceived(values, then: finished ? .finished : nil, situation)
    }

    /// What a check quotes of what arrived: each value and the completion on one line
    /// (``Trace/oneLine(_:)``), since they are text the learner's code chose (a Pager's pages,
    /// an error's description) and the message keeps its own line breaks for a timeline.
    static func text(_ values: [Input], _ completion: String?) -> String {
        let list = "[\(values.map { Trace.oneLine("\($0)") }.joined(separator: ", "))]"
        return completion.map { "\(list) then \(Trace.oneLine($0))" } ?? "\(list) and no completion"
    }
}

extension Publisher {
    /// Subscribes a fresh ``ProbeSubscriber`` playing the given demand pattern through a
    /// traced hop named after the culprit, so that a break of the protocol is reported with
    /// its rule and its picture, in the learner's terms ("your publisher delivered 3 with no
    /// demand outstanding").
    ///
    /// The trace allows no nesting at all (`recursionLimit: 1`): a value delivered from
    /// inside `receive(_:)`, as a request made there may do, breaks rule 3.3 at once.
    ///
    /// - Parameters:
    ///   - initialDemand: requested as soon as the subscription arrives (`nil` for none).
    ///   - culprit: how messages name the code under test, e.g. "your publisher".
    ///   - demandAfterValue: what `receive(_:)` returns; it may also call `request(_:)` or
    ///     `cancel()` on the subscriber it is given, to play reentrant patterns.
    public func auditedSubscription(
        initialDemand: Subscribers.Demand?,
        culprit: String,
        demandAfterValue: @escaping (Output, ProbeSubscriber<Output, Failure>) -> Subscribers.Demand = { _, _ in .none }
    ) -> ProbeSubscriber<Output, Failure> {
        let trace = Trace(recursionLimit: 1)
        let subscriber = ProbeSubscriber<Output, Failure>(
            initialDemand: initialDemand, trace: trace, demandAfterValue: demandAfterValue)
        traced(culprit, into: trace).subscribe(subscriber)
        return subscriber
    }
}

extension ProbePublisher {
    /// Fails unless the code under test has asked this upstream for at most `limit` values
    /// in all (by `request` and by demand returned from `receive(_:)`).
    func expectAskedAtMost(_ limit: Int, by culprit: String, _ situation: String) throws {
        let asked = try unwrap(subscription).totalRequested
        try expect(asked <= .max(limit),
                   "\(situation), \(culprit) had asked upstream for \(asked.swiftText) values in all; it may ask for at most \(limit) by then")
    }
}
