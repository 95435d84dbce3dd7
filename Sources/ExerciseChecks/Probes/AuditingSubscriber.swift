import Backpressure
import OpenCombineShim

/// A subscriber that plays a demand pattern against the code under test and audits the
/// Combine protocol while it does: never more values than requested, nothing after a
/// completion, a single completion, no nested `receive(_:)` calls.
///
/// Breaches are recorded as they happen (a subscriber cannot throw) and reported by
/// ``audit()`` in the learner's terms. Given a ``Trace`` whose hop sits in front of it,
/// ``audit()`` reports the trace's violations first, by rule and with the timeline.
public final class AuditingSubscriber<Input, Failure: Error>: Subscriber, Cancellable {
    public private(set) var values: [Input] = []
    public private(set) var completions: [Subscribers.Completion<Failure>] = []
    public private(set) var subscriptionCount = 0

    private let initialDemand: Subscribers.Demand?
    private let demandAfterValue: (Input, AuditingSubscriber) -> Subscribers.Demand
    private let culprit: String
    private let trace: Trace?
    private var subscription: Subscription?
    private var requests: [Subscribers.Demand] = []
    private var demandFromReceive: Subscribers.Demand = .none
    private var receiveDepth = 0
    private var breaches: [String] = []

    /// - Parameters:
    ///   - initialDemand: requested as soon as the subscription arrives (`nil` for none).
    ///   - culprit: how messages name the code under test, e.g. "your publisher".
    ///   - trace: the trace of a hop between the code under test and this subscriber.
    ///   - demandAfterValue: what `receive(_:)` returns; it may also call ``request(_:)``
    ///     or ``cancel()`` on the subscriber it is given, to play reentrant patterns.
    public init(
        initialDemand: Subscribers.Demand?,
        culprit: String = "your subscription",
        trace: Trace? = nil,
        demandAfterValue: @escaping (Input, AuditingSubscriber) -> Subscribers.Demand = { _, _ in .none }
    ) {
        self.initialDemand = initialDemand
        self.culprit = culprit
        self.trace = trace
        self.demandAfterValue = demandAfterValue
    }

    public var isFinished: Bool { !completions.isEmpty }

    public func receive(subscription: Subscription) {
        subscriptionCount += 1
        if subscriptionCount > 1 {
            breaches.append("\(culprit) sent a second subscription to the same subscriber")
        }
        self.subscription = subscription
        if let initialDemand { request(initialDemand) }
    }

    public func receive(_ input: Input) -> Subscribers.Demand {
        if !completions.isEmpty {
            breaches.append("\(culprit) sent the value \(input) after it had completed with \(completions[0].swiftText)")
        }
        values.append(input)
        if granted < .max(values.count) {
            breaches.append("after \(grantsText) \(culprit) delivered \(values.count) values")
        }
        receiveDepth += 1
        defer { receiveDepth -= 1 }
        if receiveDepth > 1 {
            breaches.append("\(culprit) called receive(_:) again from inside receive(_:) (a request made there must not recurse)")
        }
        let more = demandAfterValue(input, self)
        demandFromReceive += more
        return more
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
        if let first = completions.first {
            breaches.append("\(culprit) completed twice: \(first.swiftText), then \(completion.swiftText)")
        }
        completions.append(completion)
        subscription = nil
    }

    /// Asks for more, as a subscriber calling `subscription.request(_:)` would.
    public func request(_ demand: Subscribers.Demand) {
        requests.append(demand)
        subscription?.request(demand)
    }

    public func cancel() {
        subscription?.cancel()
        subscription = nil
    }

    /// Throws the first breach of the protocol seen so far: the trace's first violation,
    /// with its rule and picture, else the first breach seen here.
    public func audit() throws {
        if let trace, let violation = trace.violations.first { throw CheckFailure(violation, in: trace) }
        if let first = breaches.first { throw CheckFailure(first) }
    }

    private var granted: Subscribers.Demand {
        requests.reduce(demandFromReceive, +)
    }

    /// "request(.max(2))", or "request(.max(1)) and .max(2) returned from receive(_:)".
    private var grantsText: String {
        let asked = requestsText(requests)
        return demandFromReceive == .none ? asked : "\(asked) and \(demandFromReceive.swiftText) returned from receive(_:)"
    }
}
