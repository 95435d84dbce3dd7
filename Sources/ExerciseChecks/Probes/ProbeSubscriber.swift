import BackpressureTrace
import OpenCombineShim

/// The subscriber a check controls: the downstream of the code under test. It plays a
/// demand pattern and records what it is sent.
///
/// It judges nothing itself: the one auditor of the protocol is ``Trace``. A check makes
/// it with `auditedSubscription(initialDemand:culprit:demandAfterValue:)`, which puts a
/// traced hop named after the culprit in front of it, and ``audit()`` reports the first
/// rule that hop saw broken, with its number and the timeline, in the learner's terms.
public final class ProbeSubscriber<Input, Failure: Error>: Subscriber, Cancellable {
    public private(set) var values: [Input] = []
    /// The completion, once it came. The hop in front passes on only the first.
    public private(set) var completion: Subscribers.Completion<Failure>?
    /// The trace of the hop in front of this subscriber, which ``audit()`` reads.
    private let trace: Trace
    private let initialDemand: Subscribers.Demand?
    private let demandAfterValue: (Input, ProbeSubscriber) -> Subscribers.Demand
    private var subscription: Subscription?

    /// - Parameters:
    ///   - initialDemand: requested as soon as the subscription arrives (`nil` for none).
    ///   - trace: the trace of the hop between the code under test and this subscriber.
    ///   - demandAfterValue: what `receive(_:)` returns; it may also call ``request(_:)``
    ///     or ``cancel()`` on the subscriber it is given, to play reentrant patterns.
    init(
        initialDemand: Subscribers.Demand?,
        trace: Trace,
        demandAfterValue: @escaping (Input, ProbeSubscriber) -> Subscribers.Demand
    ) {
        self.initialDemand = initialDemand
        self.trace = trace
        self.demandAfterValue = demandAfterValue
    }

    public var isFinished: Bool { completion != nil }

    public func receive(subscription: Subscription) {
        self.subscription = subscription
        if let initialDemand { request(initialDemand) }
    }

    public func receive(_ input: Input) -> Subscribers.Demand {
        values.append(input)
        return demandAfterValue(input, self)
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
        self.completion = completion
        subscription = nil
    }

    /// Asks for more, as a subscriber calling `subscription.request(_:)` would.
    public func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }

    public func cancel() {
        subscription?.cancel()
        subscription = nil
    }

    /// Throws the first break of the protocol the hop in front has seen so far, with its
    /// rule and the timeline, the offending event marked.
    public func audit() throws {
        if let violation = trace.violations.first { throw CheckFailure(violation, in: trace) }
    }
}
