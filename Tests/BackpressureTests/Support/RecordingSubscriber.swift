import ConcurrencyExtras
import OpenCombineShim

/// A subscriber that records everything it is sent and asks for exactly what a test tells
/// it to, so tests can see what a publisher delivers for a given demand.
///
/// Thread-safe: events may arrive on any thread. It judges nothing: the one auditor of the
/// protocol is ``Trace``. A test that wants the rules checked puts a traced hop in front,
/// `publisher.traced("amb", into: trace).subscribe(subscriber)`, and expects
/// `trace.violations` to be empty.
final class RecordingSubscriber<Input, Failure: Error>: Subscriber, Cancellable {
    enum Event {
        case subscription
        case value(Input)
        case completion(Subscribers.Completion<Failure>)
    }

    private let recorded = LockIsolated<(events: [Event], subscription: Subscription?)>(([], nil))
    private let initialDemand: Subscribers.Demand
    private let onValue: (Input) -> Subscribers.Demand

    /// - Parameters:
    ///   - initialDemand: Requested on subscription (nothing if `.none`).
    ///   - onValue: Returns the demand to add for each value (default: none).
    init(initialDemand: Subscribers.Demand = .unlimited,
         onValue: @escaping (Input) -> Subscribers.Demand = { _ in .none }) {
        self.initialDemand = initialDemand
        self.onValue = onValue
    }

    var events: [Event] { recorded.events }
    var subscription: Subscription? { recorded.subscription }
    var values: [Input] { events.compactMap { if case let .value(v) = $0 { return v } else { return nil } } }
    var completions: [Subscribers.Completion<Failure>] {
        events.compactMap { if case let .completion(c) = $0 { return c } else { return nil } }
    }
    var isFinished: Bool { completions.contains { if case .finished = $0 { return true } else { return false } } }

    func receive(subscription: Subscription) {
        recorded.withValue { $0.subscription = subscription; $0.events.append(.subscription) }
        if initialDemand > .none { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        recorded.withValue { $0.events.append(.value(input)) }
        return onValue(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        recorded.withValue { $0.events.append(.completion(completion)) }
    }

    /// Asks for more through the subscription, as a consumer would from outside.
    func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }

    func cancel() {
        subscription?.cancel()
    }
}
