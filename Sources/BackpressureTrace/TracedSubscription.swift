import Backpressure
import OpenCombineShim

/// One traced hop: the subscription its downstream holds, and, through its ``Inlet``, the
/// subscriber its upstream holds.
///
/// The two sides are separate objects so the trace can tell whether the upstream lets go
/// of its subscriber after `cancel()` (rule 3.13): the trace holds the inlet weakly, and
/// only the upstream holds it strongly. The downstream may keep its subscription (this
/// object) as long as it likes without hiding a leak upstream.
///
/// Its lock guards the two references it passes signals along; it is never held while
/// calling out, and recording happens under the trace's own lock.
final class TracedSubscription<Upstream: Publisher, Downstream: Subscriber>: Subscription, CustomStringConvertible
where Upstream.Output == Downstream.Input, Upstream.Failure == Downstream.Failure {
    private struct State {
        var isSubscribed = false
        var upstreamSubscription: Subscription?
        /// Emptied on cancel and on completion; a slot because it is read per value.
        var downstream: Slot<Downstream>
    }

    private let state: LockedState<State>
    private let trace: Trace
    /// Set once, by `open(named:)`, before the upstream is subscribed.
    private var lane = 0

    init(downstream: Downstream, trace: Trace) {
        state = LockedState(State(downstream: Slot(downstream)))
        self.trace = trace
    }

    deinit {
        state.withLock { $0.downstream.deallocate() }
    }

    var description: String { "Traced" }

    /// Opens the hop's lane, records the downstream's `subscribe(_:)`, and returns the
    /// subscriber to hand the upstream. Only the upstream holds it.
    func open(named name: String) -> Inlet {
        let inlet = Inlet(hop: self)
        lane = trace.openLane(named: name, subscriber: inlet)
        return inlet
    }

    func request(_ demand: Subscribers.Demand) {
        trace.recordRequest(lane, demand)
        guard demand > .none else { return } // Rule 3.9, recorded; Combine would trap.
        state.withLock { $0.upstreamSubscription }?.request(demand)
    }

    func cancel() {
        trace.recordCancel(lane)
        let (upstream, downstream) = state.withLock { state -> (Subscription?, Downstream?) in
            defer { state.upstreamSubscription = nil }
            return (state.upstreamSubscription, state.downstream.take())
        }
        withExtendedLifetime(downstream) {} // Released here, after the lock.
        upstream?.cancel()
    }

    fileprivate func receive(subscription: Subscription) {
        trace.recordSubscription(lane)
        let target: Downstream? = state.withLock { state in
            guard !state.isSubscribed, let downstream = state.downstream.valueIfFilled else { return nil }
            state.isSubscribed = true
            state.upstreamSubscription = subscription
            return downstream
        }
        guard let target else {
            subscription.cancel() // A second subscription, or one after cancel().
            return
        }
        target.receive(subscription: self)
    }

    fileprivate func receive(_ input: Upstream.Output) -> Subscribers.Demand {
        let record = trace.beginValue(lane, input)
        // Read in place, with the lock taken by hand: see `LockedState.lock()`.
        let state = self.state.lock()
        guard state.pointee.isSubscribed, state.pointee.downstream.isFilled else {
            self.state.unlock()
            trace.endValue(lane, record: record, returned: .none)
            return .none
        }
        let downstream = state.pointee.downstream.value
        self.state.unlock()
        let more = downstream.receive(input)
        trace.endValue(lane, record: record, returned: more)
        return more
    }

    fileprivate func receive(completion: Subscribers.Completion<Upstream.Failure>) {
        trace.recordCompletion(lane, completion)
        let downstream: Downstream? = state.withLock { state in
            state.upstreamSubscription = nil
            let downstream = state.downstream.take()
            return state.isSubscribed ? downstream : nil
        }
        downstream?.receive(completion: completion)
    }

    /// The subscriber the upstream holds. It only forwards to its hop.
    final class Inlet: Subscriber, CustomStringConvertible {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let hop: TracedSubscription

        init(hop: TracedSubscription) {
            self.hop = hop
        }

        var description: String { "Traced" }

        func receive(subscription: Subscription) {
            hop.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            hop.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            hop.receive(completion: completion)
        }
    }
}
