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
    private let lock = Lock()
    private var downstream: Downstream?
    private var upstreamSubscription: Subscription?
    private var isSubscribed = false
    private let trace: Trace
    private var lane = 0

    init(downstream: Downstream, trace: Trace) {
        self.downstream = downstream
        self.trace = trace
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
        lock.withLock { upstreamSubscription }?.request(demand)
    }

    func cancel() {
        trace.recordCancel(lane)
        let upstream: Subscription? = lock.withLock {
            downstream = nil
            defer { upstreamSubscription = nil }
            return upstreamSubscription
        }
        upstream?.cancel()
    }

    fileprivate func receive(subscription: Subscription) {
        trace.recordSubscription(lane)
        lock.lock()
        let accepted = !isSubscribed && downstream != nil
        if accepted {
            isSubscribed = true
            upstreamSubscription = subscription
        }
        let target = accepted ? downstream : nil
        lock.unlock()
        guard let target else {
            subscription.cancel() // A second subscription, or one after cancel().
            return
        }
        target.receive(subscription: self)
    }

    fileprivate func receive(_ input: Upstream.Output) -> Subscribers.Demand {
        let record = trace.beginValue(lane, input)
        let downstream: Downstream? = lock.withLock { isSubscribed ? self.downstream : nil }
        let more = downstream?.receive(input) ?? .none
        trace.endValue(lane, record: record, returned: more)
        return more
    }

    fileprivate func receive(completion: Subscribers.Completion<Upstream.Failure>) {
        trace.recordCompletion(lane, completion)
        let downstream: Downstream? = lock.withLock {
            defer {
                self.downstream = nil
                upstreamSubscription = nil
            }
            return isSubscribed ? self.downstream : nil
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
