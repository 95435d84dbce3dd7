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
        // The state is kept in plain stored properties rather than an enum with
        // payloads: this sits on every value's path, and rebuilding an enum case per
        // value costs reference counting that a flag flip does not.

        private let lock = Lock()
        /// The upstream subscription, from `receive(subscription:)` until completion or
        /// cancel.
        private var subscription: Subscription?
        /// True once completed or cancelled: no second subscription is accepted.
        private var isTerminated = false
        /// One value has been asked for and not delivered yet.
        private var isPulling = false
        /// `receiveValue` is running.
        private var isDelivering = false
        /// A `resume()` arrived while `receiveValue` was running.
        private var resumeRequested = false
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
                guard self.subscription == nil, !isTerminated else { return false }
                self.subscription = subscription
                isPulling = true
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
                guard subscription != nil else { return nil }
                isPulling = false
                isDelivering = true
                return receiveValue
            }
            guard let handler else { return .none }

            let wantsMore = handler(input) // Called without the lock: it may call resume().

            return lock.withLock {
                isDelivering = false
                guard subscription != nil else { return .none } // Cancelled meanwhile.
                isPulling = wantsMore || resumeRequested
                resumeRequested = false
                return isPulling ? .max(1) : .none
            }
        }
        // [/excerpt]

        public func receive(completion: Subscribers.Completion<Failure>) {
            let handler = lock.withLock { () -> ((Subscribers.Completion<Failure>) -> Void)? in
                guard subscription != nil else { return nil }
                return terminate()
            }
            handler?(completion)
        }

        // [excerpt: resume]
        /// Asks for the next value if the flow is paused; does nothing while it flows.
        public func resume() {
            let subscriptionToAsk: Subscription? = lock.withLock {
                guard let subscription, !isPulling else { return nil }
                if isDelivering {
                    // receive(_:) is running: let it ask when it returns, so that
                    // there is never more than one value outstanding.
                    resumeRequested = true
                    return nil
                }
                isPulling = true
                return subscription
            }
            subscriptionToAsk?.request(.max(1))
        }
        // [/excerpt]

        /// Cancels the subscription and releases it and both closures.
        public func cancel() {
            let subscription: Subscription? = lock.withLock {
                defer { _ = terminate() }
                return self.subscription
            }
            subscription?.cancel()
        }

        /// Drops every reference, so that a subscriber kept alive by its owner holds neither
        /// the subscription nor what the closures captured. Must be called with the lock
        /// held; returns the completion handler to call.
        private func terminate() -> ((Subscribers.Completion<Failure>) -> Void)? {
            let handler = receiveCompletion
            isTerminated = true
            subscription = nil
            receiveValue = nil
            receiveCompletion = nil
            return handler
        }
    }
}

extension Publisher {
    /// Subscribes with a `Subscribers.MySink`: values arrive one at a time, and
    /// `receiveValue` returns whether to keep pulling. Keep the result to `resume()` a
    /// paused flow or to `cancel()` it: like `sink`'s `AnyCancellable`, it cancels the
    /// subscription when it is released.
    public func mySink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Bool
    ) -> AnyResumableCancellable {
        let sink = Subscribers.MySink<Output, Failure>(
            receiveCompletion: receiveCompletion,
            receiveValue: receiveValue
        )
        subscribe(sink)
        return AnyResumableCancellable(sink)
    }
}
