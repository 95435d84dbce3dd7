// Adapted from a Stack Overflow answer to "Swift Combine: Buffer upstream values and emit
// them at a steady rate?" (2021): its step(with:), promises and pace. Licensed CC BY-SA 4.0
// (https://creativecommons.org/licenses/by-sa/4.0/), not MIT: see the README's Licences.

import Foundation
import OpenCombineShim

/// A subscriber that lets a *stepper* decide, value by value, when the next one may come.
///
/// The plain version of the library's `SteppingSubscriber`, to read first: the same
/// behaviour (the tests run both), with its state behind one lock. Each value reaches the
/// stepper with a `Promise`; the upstream is asked for the next value only when the stepper
/// completes that promise with `.more`, now or later, from any thread. `.cancel` ends the
/// subscription. Only the latest promise counts, once.
public final class PlainSteppingSubscriber<Input, Failure: Error>: Subscriber, Cancellable {
    // [excerpt: api]
    public typealias Stepper = (Event) -> Void

    /// What the stepper is told.
    public enum Event {
        /// A value, and the promise to complete when the stepper wants the next one.
        case input(Input, Promise)
        /// The upstream finished or failed. No promise: there is nothing more to ask for.
        case completion(Subscribers.Completion<Failure>)
    }

    /// What a promise can be completed with.
    public enum Request {
        case more
        case cancel
    }

    /// Completed by the stepper, like a function: `promise(.more)`.
    public struct Promise {
        fileprivate let subscriber: PlainSteppingSubscriber
        fileprivate let id: Int

        public func callAsFunction(_ request: Request) {
            subscriber.complete(promise: id, with: request)
        }
    }
    // [/excerpt]

    // [excerpt: state]
    private enum Phase {
        /// Waiting for the upstream's subscription.
        case subscribing
        /// Waiting for a value, or for the live promise.
        case subscribed
        /// Inside the stepper. A `.more` that arrives now is returned from `receive(_:)`
        /// as demand, instead of being requested.
        case stepping(moreRequested: Bool)
        /// Completed or cancelled.
        case dead
    }

    private let lock = NSLock()
    private var phase = Phase.subscribing
    /// The id of the one promise that may still be completed.
    private var livePromise: Int?
    private var lastPromise = 0
    /// Dropped once dead.
    private var stepper: Stepper?
    /// The calls on the upstream's subscription, one at a time (rule 2.7).
    private let upstream = SerialUpstream()
    // [/excerpt]

    public init(stepper: @escaping Stepper) {
        self.stepper = stepper
    }

    // [excerpt: receive-subscription]
    public func receive(subscription: Subscription) {
        lock.lock()
        guard case .subscribing = phase else {
            lock.unlock()
            return subscription.cancel() // Cancelled already, or a second subscription.
        }
        phase = .subscribed
        lock.unlock()
        upstream.start(with: subscription, requesting: .max(1))
    }
    // [/excerpt]

    // [excerpt: receive-input]
    public func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = phase, let stepper else {
            lock.unlock()
            return .none // Cancelled.
        }
        lastPromise += 1
        livePromise = lastPromise
        phase = .stepping(moreRequested: false)
        let promise = Promise(subscriber: self, id: lastPromise)
        lock.unlock()

        stepper(.input(input, promise)) // Without the lock: it may complete the promise now.

        lock.lock()
        defer { lock.unlock() }
        guard case let .stepping(moreRequested) = phase else { return .none } // Cancelled.
        phase = .subscribed
        return moreRequested ? .max(1) : .none
    }
    // [/excerpt]

    // [excerpt: ends]
    public func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard case .subscribed = phase else {
            lock.unlock()
            return
        }
        let stepper = die()
        lock.unlock()
        upstream.end()
        stepper?(.completion(completion))
    }

    public func cancel() {
        lock.lock()
        if case .dead = phase {
            lock.unlock()
            return
        }
        let stepper = die()
        lock.unlock()
        withExtendedLifetime(stepper) {} // Released after the lock: it may run a deinit.
        upstream.cancel()
    }
    // [/excerpt]

    // [excerpt: complete-promise]
    fileprivate func complete(promise id: Int, with request: Request) {
        lock.lock()
        guard livePromise == id else {
            lock.unlock()
            return // A stale promise, or one completed twice.
        }
        livePromise = nil
        switch (request, phase) {
        case (.more, .stepping):
            phase = .stepping(moreRequested: true) // receive(_:) returns the demand.
            lock.unlock()
        case (.more, _):
            lock.unlock()
            upstream.request(.max(1))
        case (.cancel, _):
            let stepper = die()
            lock.unlock()
            withExtendedLifetime(stepper) {} // Released after the lock: it may run a deinit.
            upstream.cancel()
        }
    }
    // [/excerpt]

    /// Moves to `.dead` and hands back the stepper, to release after the lock. Called with
    /// the lock held.
    private func die() -> Stepper? {
        phase = .dead
        livePromise = nil
        defer { stepper = nil }
        return stepper
    }
}

/// A promise is made to be completed from any thread: everything it touches is behind the
/// subscriber's lock.
extension PlainSteppingSubscriber.Promise: @unchecked Sendable {}
