import BackpressureTrace
import OpenCombineShim

/// Stands in for the closures a learner's sink is built with (`receiveValue`,
/// `receiveCompletion`): records what the sink passed on and answers `receiveValue` with a
/// scripted Bool.
///
/// It judges nothing itself. Each call goes on, as a signal, through a traced hop named
/// after the culprit into a ``ProbeSubscriber`` that asks for everything, so ``Trace``, the
/// one auditor of the protocol, is what sees a value after the completion or a second
/// completion, with the rule's number and the timeline.
public final class CallbackRecorder<Input, Failure: Error> {
    private let keepPulling: (Input) -> Bool
    private let culprit: String
    private let recorded: ProbeSubscriber<Input, Failure>
    /// The traced hop's own subscriber: the calls are handed to it unfiltered, so that
    /// the trace sees them as they were made.
    private var hop: AnySubscriber<Input, Failure>?

    /// - Parameter keepPulling: what `receiveValue` returns for each value (for sinks whose
    ///   `receiveValue` returns a Bool).
    public init(culprit: String, keepPulling: @escaping (Input) -> Bool = { _ in true }) {
        self.culprit = culprit
        self.keepPulling = keepPulling
        let calls = Calls<Input, Failure>()
        recorded = calls.auditedSubscription(initialDemand: .unlimited, culprit: culprit)
        hop = calls.subscriber
    }

    /// What the sink passed to `receiveValue`, up to its completion.
    public var values: [Input] { recorded.values }

    /// The `receiveValue` closure to build the sink with.
    public func receiveValue(_ value: Input) -> Bool {
        _ = hop?.receive(value)
        return keepPulling(value)
    }

    /// The `receiveCompletion` closure to build the sink with.
    public func receiveCompletion(_ completion: Subscribers.Completion<Failure>) {
        hop?.receive(completion: completion)
    }

    /// Throws the first rule the sink broke in calling the closures.
    public func audit() throws {
        try recorded.audit()
    }
}

extension CallbackRecorder where Input: Equatable {
    /// Fails unless the sink passed on exactly `values`, then `.finished` if `finished`.
    func expectPassedOn(_ values: [Input], finished: Bool = false, _ situation: String) throws {
        try audit()
        let list = { (values: [Input]) in "[\(values.map { Trace.oneLine("\($0)") }.joined(separator: ", "))]" }
        let got = list(self.values) + (recorded.completion.map { " then \($0.swiftText)" } ?? "")
        let expected = list(values) + (finished ? " then .finished" : "")
        try expect(got == expected, "\(situation): \(culprit) passed on \(got), expected \(expected)")
    }
}

/// The closures' calls as a publisher: it keeps the subscriber it is given (the traced
/// hop) so that ``CallbackRecorder`` can hand it each call as a signal, and it hands that
/// subscriber an empty subscription (the calls come whatever is requested).
private final class Calls<Output, Failure: Error>: Publisher {
    private(set) var subscriber: AnySubscriber<Output, Failure>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: Subscriptions.empty)
    }
}
