import Backpressure
import Foundation
import OpenCombineShim

/// A sink that pulls one value at a time and lets its consumer pause the flow.
///
/// The plain version of the library's `MySink`, to read first: the same behaviour (the tests
/// run both), written with one lock and a state enum. It asks for `.max(1)`, and asks again
/// only when `receiveValue` returns `true`; when it returns `false`, nobody asks, so the
/// publisher stops, and `resume()` asks for the next value from outside.
///
/// What the library's `MySink` adds is in chapter 2's last section: its calls on the
/// subscription never overlap, even when `resume()` and `cancel()` come from two threads at
/// once (Reactive Streams rule 2.7), and its state is laid out for speed.
public final class PlainMySink<Input, Failure: Error>: Subscriber, Cancellable, Resumable {
    // [excerpt: state]
    /// Where the sink is. The subscription lives in the cases that have one.
    private enum State {
        /// Waiting for the upstream's subscription.
        case awaitingSubscription
        /// One value has been asked for and has not arrived yet.
        case pulling(Subscription)
        /// `receiveValue` is running; `resumeRequested` if `resume()` was called meanwhile.
        case delivering(Subscription, resumeRequested: Bool)
        /// `receiveValue` said `false`: nothing is asked for until `resume()`.
        case paused(Subscription)
        /// Completed or cancelled, for good.
        case done
    }

    private let lock = NSLock()
    private var state = State.awaitingSubscription
    private var receiveValue: ((Input) -> Bool)?
    private var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    // [/excerpt]

    /// - Parameters:
    ///   - receiveCompletion: Called once, when the publisher finishes or fails.
    ///   - receiveValue: Called with each value. Return `true` to ask for the next one,
    ///     `false` to pause until `resume()`.
    public init(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Input) -> Bool
    ) {
        self.receiveCompletion = receiveCompletion
        self.receiveValue = receiveValue
    }

    // [excerpt: receive-subscription]
    public func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = state else {
            lock.unlock()
            subscription.cancel() // A subscriber takes one subscription in its life.
            return
        }
        state = .pulling(subscription)
        lock.unlock()
        subscription.request(.max(1)) // After unlocking: it may deliver at once.
    }
    // [/excerpt]

    // [excerpt: receive-value]
    public func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let subscription: Subscription
        switch state {
        case .pulling(let current):
            subscription = current
        case .paused(let current): // Sent without being asked: a broken publisher. Take it.
            subscription = current
        case .delivering: // A value inside a value: a broken publisher. Refuse it.
            lock.unlock()
            return .none
        case .awaitingSubscription, .done:
            lock.unlock()
            return .none
        }
        state = .delivering(subscription, resumeRequested: false)
        let handler = receiveValue
        lock.unlock()

        let wantsMore = handler?(input) ?? false // Without the lock: it may call resume().

        lock.lock()
        guard case .delivering(_, let resumeRequested) = state else {
            lock.unlock()
            return .none // Cancelled, or completed, while the handler ran.
        }
        let demand: Subscribers.Demand
        if wantsMore || resumeRequested {
            state = .pulling(subscription)
            demand = .max(1)
        } else {
            state = .paused(subscription)
            demand = .none
        }
        lock.unlock()
        return demand
    }
    // [/excerpt]

    public func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        switch state {
        case .pulling, .delivering, .paused:
            break
        case .awaitingSubscription, .done:
            lock.unlock()
            return
        }
        let handler = receiveCompletion
        state = .done
        receiveValue = nil
        receiveCompletion = nil
        lock.unlock()
        handler?(completion)
    }

    // [excerpt: resume]
    /// Asks for the next value if the flow is paused; does nothing while it flows.
    public func resume() {
        lock.lock()
        switch state {
        case .paused(let subscription):
            state = .pulling(subscription)
            lock.unlock()
            subscription.request(.max(1))
        case .delivering(let subscription, _):
            // receiveValue is running: receive(_:) asks when it returns, so that there
            // is never more than one value outstanding.
            state = .delivering(subscription, resumeRequested: true)
            lock.unlock()
        case .awaitingSubscription, .pulling, .done:
            lock.unlock() // Nothing to resume: not started, already flowing, or over.
        }
    }
    // [/excerpt]

    /// Cancels the subscription and lets go of it and of both closures.
    public func cancel() {
        lock.lock()
        var subscription: Subscription?
        switch state {
        case .pulling(let current), .delivering(let current, _), .paused(let current):
            subscription = current
        case .awaitingSubscription, .done:
            break
        }
        state = .done
        receiveValue = nil
        receiveCompletion = nil
        lock.unlock()
        subscription?.cancel()
    }
}
