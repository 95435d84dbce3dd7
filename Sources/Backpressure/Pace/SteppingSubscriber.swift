// Adapted from a Stack Overflow answer to "Swift Combine: Buffer upstream values and emit
// them at a steady rate?" (2021): its step(with:), promises and pace. Licensed CC BY-SA 4.0
// (https://creativecommons.org/licenses/by-sa/4.0/), not MIT: see the README's Licences.

import Atomics
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
/// stepper's promises (any thread, any time), and `cancel()`. So the phase and the
/// promises sit in one atomic word that each of them changes by compare-and-swap, the
/// calls on the subscription go through a `SerialUpstream` (a promise completed on another
/// thread must not call `request` while the previous call is still inside the upstream:
/// rule 2.7), and, as everywhere in this library, nothing is held while calling out: each
/// method decides on the word and acts after.
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

    /// The phase and the promises, in one word that changes by compare-and-swap (see
    /// `Control`). Every value changes it three times (the value arrives, its promise is
    /// completed, the stepper returns): with a lock, that was three critical sections per
    /// value. An `UnsafeAtomic`, created in `init` and destroyed in `deinit`, because a
    /// `ManagedAtomic` is reached through a call per access in this unspecialised code.
    private let control = UnsafeAtomic<Int>.create(Control.initial)
    /// The stepper, as two closures (see `init(stepper:)`), kept until the subscriber dies.
    /// Whoever moves the phase to `.dead` releases it, exactly once; if that happens while
    /// the stepper runs, `receive(_:)` releases it on its way out. So while stepping it can
    /// be called in place, without a retain.
    private let handlers: Unmanaged<Handlers>
    /// The upstream's subscription, from `.subscribed` until the subscriber dies. A
    /// completed promise or a cancel calls it, one call at a time; a value never does.
    private let upstream = SerialUpstream()

    /// The stepper's two closures, in one object that the subscriber releases by hand.
    private final class Handlers {
        let deliverValue: (Input, consuming Promise) -> Void
        let deliverCompletion: (Subscribers.Completion<Failure>) -> Void

        init(deliverValue: @escaping (Input, consuming Promise) -> Void,
             deliverCompletion: @escaping (Subscribers.Completion<Failure>) -> Void) {
            self.deliverValue = deliverValue
            self.deliverCompletion = deliverCompletion
        }
    }

    /// - Parameter stepper: Told of each value, with its promise, and of the completion.
    @inlinable
    public convenience init(stepper: @escaping Stepper) {
        // The events are built in these two closures, which are compiled into the
        // caller's module, where `Input` and `Failure` are concrete types. Built in this
        // class's own code, which is generic and which the upstream calls unspecialised,
        // `.input(value, promise)` would look up the metadata of `Event` and of the
        // tuple `(Input, Promise)` at run time for every value: `perf` showed that as
        // half the cost of a value. The promise is `consuming`, so that it moves into the
        // event instead of being retained once more.
        self.init(
            deliverValue: { value, promise in stepper(.input(value, consume promise)) },
            deliverCompletion: { completion in stepper(.completion(completion)) })
    }

    @usableFromInline
    init(
        deliverValue: @escaping (Input, consuming Promise) -> Void,
        deliverCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        handlers = .passRetained(Handlers(deliverValue: deliverValue, deliverCompletion: deliverCompletion))
    }

    deinit {
        // Nobody else holds the subscriber now, so nobody is stepping: the stepper is still
        // ours to release unless the subscriber died.
        if Control.phase(control.load(ordering: .acquiring)) != Phase.dead { handlers.release() }
        control.destroy()
    }
}

/// Where a `SteppingSubscriber` is in its life.
///
/// It is declared outside the generic class, with the word's layout, so that reading a
/// phase in the subscriber's unspecialised code costs no run-time metadata look-up.
private enum Phase {
    /// Waiting for the upstream's subscription.
    static let subscribing = 0
    /// Waiting for a value from upstream, or for the current promise.
    static let subscribed = 1
    /// Inside the stepper, called from `receive(_:)`. A `.more` that arrives now is
    /// returned as demand from `receive(_:)` instead of being requested separately.
    static let stepping = 2
    /// Completed or cancelled; everything is released.
    static let dead = 3
}

/// The word behind `SteppingSubscriber.control`: the phase in bits 0–1; bit 2, "the
/// stepper asked for more synchronously" (while `.stepping`); bit 3, "the latest promise
/// is live" (the one promise that may still be completed); and above them the latest
/// promise's id.
private enum Control {
    static let initial = Phase.subscribing
    static let phaseBits = 0b11
    static let moreRequested = 0b100
    static let promiseLive = 0b1000
    static let idShift = 4

    static func phase(_ word: Int) -> Int { word & phaseBits }
    static func withPhase(_ word: Int, _ phase: Int) -> Int { word & ~phaseBits | phase }
    static func id(_ word: Int) -> Int { word >> idShift }
}

extension SteppingSubscriber: Subscriber {
    public func receive(subscription: Subscription) {
        guard control.compareExchange(
            expected: Phase.subscribing, desired: Phase.subscribed, ordering: .acquiringAndReleasing
        ).exchanged else {
            return subscription.cancel() // Cancelled already, or a second subscription.
        }
        // A `cancel()` that comes in between leaves `start` to cancel the subscription.
        upstream.start(with: subscription, requesting: .max(1))
    }

    public func receive(_ input: Input) -> Subscribers.Demand {
        // `.subscribed` → `.stepping`, with a new live promise. Only `.subscribed` expects
        // a value: when dead we were cancelled, and the upstream may not send before
        // subscribing or while we are stepping.
        var word = control.load(ordering: .relaxed)
        var id: PromiseID
        while true {
            guard Control.phase(word) == Phase.subscribed else { return .none }
            id = Control.id(word) + 1
            let stepping = id << Control.idShift | Control.promiseLive | Phase.stepping
            let (exchanged, found) = control.weakCompareExchange(
                expected: word, desired: stepping, ordering: .acquiringAndReleasing)
            if exchanged { break }
            word = found
        }

        // Without a lock: the stepper may complete the promise right away.
        handlers._withUnsafeGuaranteedRef { $0.deliverValue(input, Promise(subscriber: self, id: id)) }

        // Back from the stepper we are either still stepping, or dead (cancelled).
        word = control.load(ordering: .relaxed)
        while true {
            guard Control.phase(word) == Phase.stepping else {
                handlers.release() // It died while stepping: releasing is left to us.
                return .none
            }
            let subscribed = Control.withPhase(word & ~Control.moreRequested, Phase.subscribed)
            let (exchanged, found) = control.weakCompareExchange(
                expected: word, desired: subscribed, ordering: .acquiringAndReleasing)
            if exchanged { break }
            word = found
        }
        return word & Control.moreRequested != 0 ? .max(1) : .none
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
        var word = control.load(ordering: .relaxed)
        while true {
            guard Control.phase(word) == Phase.subscribed else { return }
            let (exchanged, found) = control.weakCompareExchange(
                expected: word, desired: Phase.dead, ordering: .acquiringAndReleasing)
            if exchanged { break }
            word = found
        }
        upstream.end()
        handlers._withUnsafeGuaranteedRef { $0.deliverCompletion(completion) }
        handlers.release()
    }
}

extension SteppingSubscriber: Cancellable {
    public func cancel() {
        let word = control.exchange(Phase.dead, ordering: .acquiringAndReleasing)
        switch Control.phase(word) {
        case Phase.dead: return
        case Phase.stepping: break // `receive(_:)` releases the stepper on its way out.
        default: handlers.release()
        }
        upstream.cancel()
    }
}

extension SteppingSubscriber {
    fileprivate func complete(promise id: PromiseID, with request: Request) {
        var word = control.load(ordering: .relaxed)
        while true {
            // Only the live promise counts: a stale one, or one completed twice, does nothing.
            guard word & Control.promiseLive != 0, Control.id(word) == id else { return }
            var completed = word & ~Control.promiseLive
            if request == .cancel {
                completed = Control.withPhase(completed, Phase.dead)
            } else if Control.phase(word) == Phase.stepping {
                // Still inside receive(_:): it returns the demand. The common case, so it
                // touches nothing but the word.
                completed |= Control.moreRequested
            }
            let (exchanged, found) = control.weakCompareExchange(
                expected: word, desired: completed, ordering: .acquiringAndReleasing)
            if exchanged { break }
            word = found
        }
        // A live promise means `.subscribed` or `.stepping`. The rest is outside the word.
        switch (request, Control.phase(word) == Phase.stepping) {
        case (.more, true):
            break
        case (.more, false):
            // Perhaps on another thread than the request that delivered the value, which may
            // still be on its way out: `upstream` makes this call after that one.
            upstream.request(.max(1))
        case (.cancel, let stepping):
            if !stepping { handlers.release() } // Else `receive(_:)` releases it.
            upstream.cancel()
        }
    }
}
