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

    /// Completed by the stepper to ask for the next value or to cancel.
    public typealias Promise = (Request) -> Void

    /// What a promise can be completed with.
    public enum Request {
        /// Send the next value.
        case more
        /// Cancel the subscription.
        case cancel
    }

    private typealias PromiseID = Int

    // [excerpt: state]
    private enum State {
        /// Waiting for the upstream's subscription.
        case subscribing(Stepper)
        /// Waiting for a value from upstream, or for the current promise.
        case subscribed(Subscribed)
        /// Inside the stepper, called from `receive(_:)`. A `.more` that arrives now is
        /// returned as demand from `receive(_:)` instead of being requested separately.
        case stepping(Subscribed, moreRequested: Bool)
        /// Completed or cancelled; everything is released.
        case dead
    }

    private struct Subscribed {
        var stepper: Stepper
        var subscription: Subscription
        /// The one promise that may still be completed; `nil` when none may.
        var livePromise: PromiseID?
    }
    // [/excerpt]

    private let lock = Lock()
    private var state: State
    private var lastPromiseID: PromiseID = 0

    public init(stepper: @escaping Stepper) {
        state = .subscribing(stepper)
    }
}

extension SteppingSubscriber: Subscriber {
    public func receive(subscription: Subscription) {
        let accepted: Bool = lock.withLock {
            guard case let .subscribing(stepper) = state else { return false }
            state = .subscribed(Subscribed(stepper: stepper, subscription: subscription, livePromise: nil))
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
        let call: (Stepper, Promise)? = lock.withLock {
            // Only `.subscribed` expects a value: when dead we were cancelled, and the
            // upstream may not send before subscribing or while we are stepping.
            guard case var .subscribed(subscribed) = state else { return nil }
            lastPromiseID += 1
            let id = lastPromiseID
            subscribed.livePromise = id
            state = .stepping(subscribed, moreRequested: false)
            return (subscribed.stepper, { [self] request in complete(promise: id, with: request) })
        }
        guard let (stepper, promise) = call else { return .none }

        stepper(.input(input, promise)) // Without the lock: it may complete the promise.

        return lock.withLock {
            // Back from the stepper we are either still stepping, or dead (cancelled).
            guard case let .stepping(subscribed, moreRequested) = state else { return .none }
            state = .subscribed(subscribed)
            return moreRequested ? .max(1) : .none
        }
    }
    // [/excerpt]

    public func receive(completion: Subscribers.Completion<Failure>) {
        let stepper: Stepper? = lock.withLock {
            guard case let .subscribed(subscribed) = state else { return nil }
            state = .dead
            return subscribed.stepper
        }
        stepper?(.completion(completion))
    }
}

extension SteppingSubscriber: Cancellable {
    public func cancel() {
        let subscription: Subscription? = lock.withLock {
            defer { state = .dead }
            switch state {
            case let .subscribed(subscribed), let .stepping(subscribed, _):
                return subscribed.subscription
            case .subscribing, .dead:
                return nil
            }
        }
        subscription?.cancel()
    }
}

extension SteppingSubscriber {
    // [excerpt: complete-promise]
    private func complete(promise id: PromiseID, with request: Request) {
        let action: (() -> Void)? = lock.withLock {
            switch state {
            case var .subscribed(subscribed) where subscribed.livePromise == id:
                subscribed.livePromise = nil
                switch request {
                case .more:
                    state = .subscribed(subscribed)
                    return { subscribed.subscription.request(.max(1)) }
                case .cancel:
                    state = .dead
                    return { subscribed.subscription.cancel() }
                }
            case .stepping(var subscribed, _) where subscribed.livePromise == id:
                subscribed.livePromise = nil
                switch request {
                case .more:
                    // Still inside receive(_:): it will return the demand.
                    state = .stepping(subscribed, moreRequested: true)
                    return nil
                case .cancel:
                    state = .dead
                    return { subscribed.subscription.cancel() }
                }
            default:
                return nil // A stale promise, one completed twice, or we are done.
            }
        }
        action?()
    }
    // [/excerpt]
}
