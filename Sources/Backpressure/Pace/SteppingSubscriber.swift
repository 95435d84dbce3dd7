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
    /// Where the subscriber is in its life. The data that goes with each phase lives in
    /// the stored properties below rather than in enum payloads: this runs for every
    /// value, and rebuilding an enum case with a closure and a subscription inside costs
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

    private let lock = Lock()
    private var phase = Phase.subscribing
    /// Set until the subscriber dies.
    private var stepper: Stepper?
    /// Set from `.subscribed` until the subscriber dies.
    private var subscription: Subscription?
    /// The one promise that may still be completed; `nil` when none may.
    private var livePromise: PromiseID?
    /// While `.stepping`: the stepper asked for more synchronously.
    private var moreRequested = false
    private var lastPromiseID: PromiseID = 0
    // [/excerpt]

    public init(stepper: @escaping Stepper) {
        self.stepper = stepper
    }

    /// Moves to `.dead` and releases the stepper and the subscription. Must be called
    /// with the lock held; returns what was released, for the caller to use outside.
    private func die() -> (Stepper?, Subscription?) {
        defer {
            phase = .dead
            stepper = nil
            subscription = nil
            livePromise = nil
        }
        return (stepper, subscription)
    }
}

extension SteppingSubscriber: Subscriber {
    public func receive(subscription: Subscription) {
        let accepted: Bool = lock.withLock {
            guard phase == .subscribing else { return false }
            phase = .subscribed
            self.subscription = subscription
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
        lock.lock()
        // Only `.subscribed` expects a value: when dead we were cancelled, and the
        // upstream may not send before subscribing or while we are stepping.
        guard phase == .subscribed, let stepper else {
            lock.unlock()
            return .none
        }
        lastPromiseID += 1
        let id = lastPromiseID
        livePromise = id
        moreRequested = false
        phase = .stepping
        lock.unlock()

        // Without the lock: the stepper may complete the promise right away.
        stepper(.input(input, { [self] request in complete(promise: id, with: request) }))

        return lock.withLock {
            // Back from the stepper we are either still stepping, or dead (cancelled).
            guard phase == .stepping else { return .none }
            phase = .subscribed
            return moreRequested ? .max(1) : .none
        }
    }
    // [/excerpt]

    public func receive(completion: Subscribers.Completion<Failure>) {
        let stepper: Stepper? = lock.withLock {
            guard phase == .subscribed else { return nil }
            return die().0
        }
        stepper?(.completion(completion))
    }
}

extension SteppingSubscriber: Cancellable {
    public func cancel() {
        let subscription = lock.withLock { die().1 }
        subscription?.cancel()
    }
}

extension SteppingSubscriber {
    // [excerpt: complete-promise]
    private func complete(promise id: PromiseID, with request: Request) {
        lock.lock()
        // Only the live promise counts: a stale one, or one completed twice, does nothing.
        guard livePromise == id, let subscription else {
            lock.unlock()
            return
        }
        livePromise = nil
        if request == .cancel {
            _ = die()
            lock.unlock()
            subscription.cancel()
        } else if phase == .stepping {
            moreRequested = true // Still inside receive(_:): it returns the demand.
            lock.unlock()
        } else {
            lock.unlock()
            subscription.request(.max(1))
        }
    }
    // [/excerpt]
}
