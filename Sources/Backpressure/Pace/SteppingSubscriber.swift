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

    /// Guards the state below, whose properties skip the run-time exclusivity check
    /// (see `Lock`).
    private let lock = Lock()
    @exclusivity(unchecked) private var phase = Phase.subscribing
    /// Set until the subscriber dies.
    @exclusivity(unchecked) private var stepper: Stepper?
    /// Set from `.subscribed` until the subscriber dies.
    @exclusivity(unchecked) private var subscription: Subscription?
    /// The one promise that may still be completed; `nil` when none may.
    @exclusivity(unchecked) private var livePromise: PromiseID?
    /// While `.stepping`: the stepper asked for more synchronously.
    @exclusivity(unchecked) private var moreRequested = false
    @exclusivity(unchecked) private var lastPromiseID: PromiseID = 0
    /// What the current promise closure captures; reused while nobody else holds it.
    @exclusivity(unchecked) private var ticket: PromiseTicket?
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
        ticket = nil // It holds us: let go, so neither keeps the other alive.
        return (stepper, subscription)
    }

    /// The promise for value `id`. Must be called with the lock held.
    ///
    /// A promise is a closure, and a closure that captured `self` and an id would be
    /// allocated for every value. This one captures a single object, the ticket, which
    /// Swift uses as the closure's context as it is, with no allocation. The ticket is
    /// reused for the next value whenever the stepper has let go of the last promise
    /// (it was completed synchronously, as it usually is); then no stale promise exists
    /// that its new id could wrongly revive. A stepper that keeps its promise gets a
    /// new ticket for the next value.
    private func makePromise(id: PromiseID) -> Promise {
        if ticket == nil || !isKnownUniquelyReferenced(&ticket) {
            ticket = PromiseTicket(subscriber: self)
        }
        let ticket = self.ticket!
        ticket.id = id
        return { [ticket] request in ticket.complete(with: request) }
    }

    /// What one promise carries: the subscriber it completes, and which value it is for.
    /// `id` is read and written only under the subscriber's lock.
    private final class PromiseTicket {
        let subscriber: SteppingSubscriber
        @exclusivity(unchecked) var id: PromiseID = 0

        init(subscriber: SteppingSubscriber) {
            self.subscriber = subscriber
        }

        func complete(with request: Request) {
            subscriber.complete(ticket: self, with: request)
        }
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
        let promise = makePromise(id: id)
        lock.unlock()

        // Without the lock: the stepper may complete the promise right away.
        stepper(.input(input, promise))

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
    private func complete(ticket: PromiseTicket, with request: Request) {
        lock.lock()
        // Only the live promise counts: a stale one, or one completed twice, does nothing.
        guard livePromise == ticket.id, let subscription else {
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
