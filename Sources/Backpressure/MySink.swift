import OpenCombineShim

extension Subscribers {
    /// A sink that pulls one value at a time and lets its consumer pause the flow.
    ///
    /// `Subscribers.Sink` asks for `.unlimited` values up front, so a fast publisher can bury
    /// a slow consumer. `MySink` asks for `.max(1)`, and asks again only when `receiveValue`
    /// returns `true`. When it returns `false` the publisher is left with no demand and
    /// stops; `resume()` asks for the next value from outside.
    ///
    /// It is safe to call `resume()` and `cancel()` from any thread, and from inside
    /// `receiveValue`. A `resume()` that arrives while a value is being handled is
    /// remembered, so a pause decided concurrently can never swallow it and stall the
    /// stream. At most one value is ever outstanding.
    public final class MySink<Input, Failure: Error>: Subscriber, Cancellable, Resumable {
        private enum State {
            /// No subscription yet.
            case awaitingSubscription
            /// Subscribed. `isPulling` is true while one value has been asked for and not
            /// yet delivered; `isDelivering` while `receiveValue` runs; `resumeRequested`
            /// records a `resume()` that arrived during that call.
            case subscribed(Subscription, isPulling: Bool, isDelivering: Bool, resumeRequested: Bool)
            /// Completed or cancelled: everything has been released.
            case terminated
        }

        private let lock = Lock()
        private var state = State.awaitingSubscription
        private var receiveValue: ((Input) -> Bool)?
        private var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?

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
            let accepted: Bool = lock.withLock {
                guard case .awaitingSubscription = state else { return false }
                state = .subscribed(subscription, isPulling: true, isDelivering: false, resumeRequested: false)
                return true
            }
            if accepted {
                subscription.request(.max(1))
            } else {
                // A subscriber takes one subscription in its life. Refuse any other.
                subscription.cancel()
            }
        }
        // [/excerpt]

        // [excerpt: receive-value]
        public func receive(_ input: Input) -> Subscribers.Demand {
            let handler: ((Input) -> Bool)? = lock.withLock {
                guard case let .subscribed(subscription, _, _, _) = state else { return nil }
                state = .subscribed(subscription, isPulling: false, isDelivering: true, resumeRequested: false)
                return receiveValue
            }
            guard let handler else { return .none }

            let wantsMore = handler(input) // Called without the lock: it may call resume().

            return lock.withLock {
                guard case let .subscribed(subscription, _, _, resumeRequested) = state else {
                    return .none // Cancelled from inside receiveValue.
                }
                let pull = wantsMore || resumeRequested
                state = .subscribed(subscription, isPulling: pull, isDelivering: false, resumeRequested: false)
                return pull ? .max(1) : .none
            }
        }
        // [/excerpt]

        public func receive(completion: Subscribers.Completion<Failure>) {
            let handler = lock.withLock { () -> ((Subscribers.Completion<Failure>) -> Void)? in
                guard case .subscribed = state else { return nil }
                return terminate()
            }
            handler?(completion)
        }

        // [excerpt: resume]
        /// Asks for the next value if the flow is paused; does nothing while it flows.
        public func resume() {
            let subscriptionToAsk: Subscription? = lock.withLock {
                guard case let .subscribed(subscription, isPulling, isDelivering, _) = state,
                      !isPulling else { return nil }
                if isDelivering {
                    // receive(_:) is running: let it ask when it returns, so that
                    // there is never more than one value outstanding.
                    state = .subscribed(subscription, isPulling: false, isDelivering: true, resumeRequested: true)
                    return nil
                }
                state = .subscribed(subscription, isPulling: true, isDelivering: false, resumeRequested: false)
                return subscription
            }
            subscriptionToAsk?.request(.max(1))
        }
        // [/excerpt]

        /// Cancels the subscription and releases it and both closures.
        public func cancel() {
            let subscription: Subscription? = lock.withLock {
                guard case let .subscribed(subscription, _, _, _) = state else {
                    state = .terminated
                    return nil
                }
                _ = terminate()
                return subscription
            }
            subscription?.cancel()
        }

        /// Moves to `.terminated` and drops every reference, so that a subscriber kept alive
        /// by its owner holds neither the subscription nor what the closures captured.
        /// Must be called with the lock held; returns the completion handler to call.
        private func terminate() -> ((Subscribers.Completion<Failure>) -> Void)? {
            let handler = receiveCompletion
            state = .terminated
            receiveValue = nil
            receiveCompletion = nil
            return handler
        }
    }
}

extension Publisher {
    /// Subscribes with a `Subscribers.MySink`: values arrive one at a time, and
    /// `receiveValue` returns whether to keep pulling. Keep the result to `resume()` a
    /// paused flow or to `cancel()` it.
    public func mySink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Bool
    ) -> Cancellable & Resumable {
        let sink = Subscribers.MySink<Output, Failure>(
            receiveCompletion: receiveCompletion,
            receiveValue: receiveValue
        )
        subscribe(sink)
        return sink
    }
}
