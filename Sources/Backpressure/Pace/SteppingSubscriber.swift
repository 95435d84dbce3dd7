import OpenCombineShim

/// A subscriber that lets a *stepper* function decide, value by value, when the next one
/// may come.
///
/// Each value reaches the stepper together with a `Promise`. The upstream is asked for
/// the next value only when the stepper completes that promise with `.more`, now or much
/// later, from any thread; `.cancel` ends the subscription. The upstream therefore runs
/// in lock-step with the stepper: this is backpressure used on purpose.
///
/// Several parties call in concurrently: the upstream (serially, on any thread), the
/// stepper's promises (any thread, any time), and `cancel()`. So all state sits behind
/// one lock, and, as everywhere in this library, the lock is never held while calling
/// out; each method decides under the lock and acts after releasing it.
///
/// Every promise carries an id, and only the latest one is honoured, once: completing a
/// promise twice, or completing a stale one, does nothing.
public final class SteppingSubscriber<Input, Failure: Error> {
    public typealias Stepper = (Event) -> Void

    /// What the stepper is told.
    public enum Event {
        /// A value, and the promise to complete when the stepper wants the next one.
        case input(Input, Promise)
        /// The upstream finished or failed. No promise: there is nothing more to ask for.
        case completion(Subscribers.Completion<Failure>)
    }

    /// Completed by the stepper to ask for the next value or to cancel: call it like a
    /// function, `promise(.more)`.
    ///
    /// It is a small value (the subscriber and the promise's id) rather than a closure,
    /// so that handing one out per value allocates nothing.
    public struct Promise {
        private let subscriber: SteppingSubscriber
        private let id: PromiseID

        fileprivate init(subscriber: SteppingSubscriber, id: PromiseID) {
            self.subscriber = subscriber
            self.id = id
        }

        /// Completes the promise. Only the first completion of the latest promise counts.
        public func callAsFunction(_ request: Request) {
            subscriber.complete(promise: id, with: request)
        }
    }

    /// What a promise can be completed with.
    public enum Request {
        /// Send the next value.
        case more
        /// Cancel the subscription.
        case cancel
    }

    fileprivate typealias PromiseID = Int

    // [excerpt: state]
    /// Where the subscriber is in its life. The data that goes with each phase lives in
    /// `State`'s other fields rather than in enum payloads: this runs for every value,
    /// and rebuilding an enum case with a closure and a subscription inside costs
    /// reference counting and, in generic code, run-time metadata look-ups.
    private enum Phase {
        /// Waiting for the upstream's subscription.
        case subscribing
        /// Waiting for a value from upstream, or for the current promise.
        case subscribed
        /// Inside the stepper, called from `receive(_:)`. A `.more` that arrives now is
        /// returned as demand from `receive(_:)` instead of being requested separately.
        case stepping
        /// Completed or cancelled; everything is released.
        case dead
    }

    /// Everything that changes, owned by one lock.
    private struct State {
        var phase = Phase.subscribing
        /// The stepper, as two closures (see `init(stepper:)`); set until the subscriber dies.
        var deliverValue: ((Input, Promise) -> Void)?
        var deliverCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        /// Set from `.subscribed` until the subscriber dies.
        var subscription: Subscription?
        /// The one promise that may still be completed; `nil` when none may.
        var livePromise: PromiseID?
        /// While `.stepping`: the stepper asked for more synchronously.
        var moreRequested = false
        var lastPromiseID: PromiseID = 0

        /// Moves to `.dead` and releases the stepper and the subscription; returns what
        /// was released, for the caller to use once the lock is released.
        mutating func die() -> (
            deliverCompletion: ((Subscribers.Completion<Failure>) -> Void)?,
            subscription: Subscription?
        ) {
            defer {
                phase = .dead
                deliverValue = nil
                deliverCompletion = nil
                subscription = nil
                livePromise = nil
            }
            return (deliverCompletion, subscription)
        }
    }

    private let state: LockedState<State>
    // [/excerpt]

    /// - Parameter stepper: Told of each value, with its promise, and of the completion.
    @inlinable
    public convenience init(stepper: @escaping Stepper) {
        // The events are built in these two closures, which are compiled into the
        // caller's module, where `Input` and `Failure` are concrete types. Built in this
        // class's own code, which is generic and which the upstream calls unspecialised,
        // `.input(value, promise)` would look up the metadata of `Event` and of the
        // tuple `(Input, Promise)` at run time for every value: `perf` showed that as
        // half the cost of a value.
        self.init(
            deliverValue: { value, promise in stepper(.input(value, promise)) },
            deliverCompletion: { completion in stepper(.completion(completion)) })
    }

    @usableFromInline
    init(
        deliverValue: @escaping (Input, Promise) -> Void,
        deliverCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        state = LockedState(State(deliverValue: deliverValue, deliverCompletion: deliverCompletion))
    }
}

extension SteppingSubscriber: Subscriber {
    public func receive(subscription: Subscription) {
        let accepted: Bool = state.withLock { state in
            guard state.phase == .subscribing else { return false }
            state.phase = .subscribed
            state.subscription = subscription
            return true
        }
        if accepted {
            subscription.request(.max(1))
        } else {
            subscription.cancel()
        }
    }

    // [excerpt: receive-input]
    public func receive(_ input: Input) -> Subscribers.Demand {
        // The stepper and the id come back through locals, not as `withLock`'s result:
        // this code is unspecialised, and a result whose type involves `Input` (the
        // stepper's, a tuple with it) costs run-time metadata look-ups per value.
        // A `Void` result costs none.
        var deliverValue: ((Input, Promise) -> Void)?
        var id: PromiseID = 0
        state.withLock { state in
            // Only `.subscribed` expects a value: when dead we were cancelled, and the
            // upstream may not send before subscribing or while we are stepping.
            guard state.phase == .subscribed else { return }
            state.lastPromiseID += 1
            id = state.lastPromiseID
            state.livePromise = id
            state.moreRequested = false
            state.phase = .stepping
            deliverValue = state.deliverValue
        }
        guard let deliverValue else { return .none }

        // Without the lock: the stepper may complete the promise right away.
        deliverValue(input, Promise(subscriber: self, id: id))

        return state.withLock { state in
            // Back from the stepper we are either still stepping, or dead (cancelled).
            guard state.phase == .stepping else { return .none }
            state.phase = .subscribed
            return state.moreRequested ? .max(1) : .none
        }
    }
    // [/excerpt]

    public func receive(completion: Subscribers.Completion<Failure>) {
        var deliverCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        state.withLock { state in
            guard state.phase == .subscribed else { return }
            deliverCompletion = state.die().deliverCompletion
        }
        deliverCompletion?(completion)
    }
}

extension SteppingSubscriber: Cancellable {
    public func cancel() {
        let subscription = state.withLock { $0.die().subscription }
        subscription?.cancel()
    }
}

/// What completing a promise leads to, decided under the lock and acted on after it.
///
/// It is declared outside `SteppingSubscriber` on purpose: nested there it would be generic
/// over the subscriber's `Input` and `Failure` (which it does not use), and returning it
/// from the lock in the subscriber's unspecialised code would look up its metadata at
/// run time on every `promise(.more)`.
private enum PromiseOutcome {
    case ignore, cancel(Subscription), request(Subscription), returnedAsDemand
}

extension SteppingSubscriber {

    // [excerpt: complete-promise]
    fileprivate func complete(promise id: PromiseID, with request: Request) {
        let outcome: PromiseOutcome = state.withLock { state in
            // Only the live promise counts: a stale one, or one completed twice, does nothing.
            guard state.livePromise == id else { return .ignore }
            state.livePromise = nil
            if request == .more, state.phase == .stepping {
                // Still inside receive(_:): it returns the demand. The common case, so it
                // doesn't touch the subscription (copying it out costs a retain).
                state.moreRequested = true
                return .returnedAsDemand
            }
            // A live promise means a subscription: both go together, in `die()`.
            guard let subscription = state.subscription else { return .ignore }
            if request == .cancel {
                _ = state.die()
                return .cancel(subscription)
            }
            return .request(subscription)
        }
        switch outcome { // Outside the lock.
        case let .cancel(subscription): subscription.cancel()
        case let .request(subscription): subscription.request(.max(1))
        case .ignore, .returnedAsDemand: break
        }
    }
    // [/excerpt]
}
