import OpenCombineShim

/// A subscriber's calls on its upstream's subscription, made one at a time.
///
/// Reactive Streams rule 2.7: "A Subscriber MUST ensure that all calls on its
/// Subscription's request and cancel methods are performed serially." A subscriber that
/// asks for more from outside `receive(_:)` (`MySink.resume()`, a promise completed on a
/// timer) breaks it as soon as its call starts while an earlier one is still inside the
/// subscription: that one may have delivered its value synchronously and not yet returned.
/// OpenCombine's `subscribe(on:)` keeps the rule by holding a lock around each call it
/// makes on its scheduler; this keeps it without holding a lock during a call, the way
/// `DemandBuffer` delivers. Whoever finds nobody calling
/// becomes the caller, and goes on making the calls that arrive meanwhile (their demand
/// added up into one request, a cancel last) until none is left; everyone else leaves their
/// call here and returns. The lock is never held during a call.
final class SerialUpstream {
    private enum Call {
        case request(Subscribers.Demand)
        case cancel
    }

    private struct State {
        /// Set by `start`; dropped by the cancel, or by `end()`.
        var subscription: Subscription?
        /// Demand asked for and not yet requested.
        var demand = Subscribers.Demand.none
        /// Cancelled or ended: no request is made any more.
        var isEnded = false
        /// A cancel waits for its turn.
        var isCancelPending = false
        /// Somebody is making the calls.
        var isCalling = false

        /// The next call to make, or `nil` (and the role given up) if there is none.
        mutating func nextCall() -> Call? {
            if isCancelPending {
                isCancelPending = false
                subscription = nil // The caller holds it for this last call.
                return .cancel
            }
            if !isEnded, subscription != nil, demand > .none {
                defer { demand = .none }
                return .request(demand)
            }
            isCalling = false
            return nil
        }
    }

    private let state = LockedState(State())

    /// Keeps `subscription` and asks it for `demand` (with whatever was asked before), or
    /// cancels it if this was cancelled first.
    func start(with subscription: Subscription, requesting demand: Subscribers.Demand) {
        let accepted: Bool = state.withLock { state in
            guard !state.isEnded, state.subscription == nil else { return false }
            state.subscription = subscription
            state.demand += demand
            return true
        }
        guard accepted else { return subscription.cancel() }
        makeCalls()
    }

    /// Asks for `demand` more, now or after the call under way.
    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.demand += demand }
        makeCalls()
    }

    /// Cancels the subscription, now or after the call under way, and lets go of it.
    func cancel() {
        state.withLock { state in
            guard !state.isEnded else { return }
            state.isEnded = true
            state.isCancelPending = state.subscription != nil
        }
        makeCalls()
    }

    /// Lets go of the subscription without another call: the upstream completed, and a
    /// completed subscription counts as cancelled (rule 2.4).
    func end() {
        let subscription: Subscription? = state.withLock { state in
            defer { state.subscription = nil }
            state.isEnded = true
            state.isCancelPending = false
            return state.subscription
        }
        withExtendedLifetime(subscription) {} // Released after the lock: it may run a deinit.
    }

    /// Makes the calls left, one at a time, unless somebody else is making them.
    private func makeCalls() {
        let subscription: Subscription? = state.withLock { state in
            guard !state.isCalling, state.subscription != nil else { return nil }
            state.isCalling = true
            return state.subscription
        }
        guard let subscription else { return }
        while let call = state.withLock({ $0.nextCall() }) {
            switch call {
            case let .request(demand): subscription.request(demand)
            case .cancel: subscription.cancel()
            }
        }
    }
}
