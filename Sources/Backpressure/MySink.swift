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
        /// Where the sink is in its life.
        private enum Phase {
            /// Waiting for the upstream's subscription.
            case awaitingSubscription
            /// Subscribed: the upstream is set.
            case subscribed
            /// Completed or cancelled: everything is released, and no second
            /// subscription is accepted.
            case terminated
        }

        /// Everything that changes, owned by one lock. Plain fields and a payload-free
        /// phase rather than an enum with payloads: this sits on every value's path, and
        /// rebuilding an enum case per value costs reference counting that a flag flip
        /// does not. Likewise the hot path asks `phase`, never `upstream != nil`.
        private struct State {
            var phase = Phase.awaitingSubscription
            /// The subscription, set while `.subscribed`: calls on it go through
            /// `SerialUpstream`, so that a `resume()` or a `cancel()` from another thread
            /// never starts while an earlier call is still inside it (rule 2.7).
            var upstream: SerialUpstream?
            /// One value has been asked for and not delivered yet.
            var isPulling = false
            /// `receiveValue` is running.
            var isDelivering = false
            /// A `resume()` arrived while `receiveValue` was running.
            var resumeRequested = false
            var receiveValue: ((Input) -> Bool)?
            var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?

            /// Drops every reference, so that a subscriber kept alive by its owner holds
            /// neither the subscription nor what the closures captured. Returns the
            /// completion handler to call once the lock is released.
            mutating func terminate() -> ((Subscribers.Completion<Failure>) -> Void)? {
                let handler = receiveCompletion
                phase = .terminated
                upstream = nil
                receiveValue = nil
                receiveCompletion = nil
                return handler
            }
        }

        private let state: LockedState<State>

        /// - Parameters:
        ///   - receiveCompletion: Called once, when the publisher finishes or fails.
        ///   - receiveValue: Called with each value. Return `true` to ask for the next one,
        ///     `false` to pause until `resume()`.
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Bool
        ) {
            state = LockedState(State(receiveValue: receiveValue, receiveCompletion: receiveCompletion))
        }

        // [excerpt: receive-subscription]
        public func receive(subscription: Subscription) {
            let upstream: SerialUpstream? = state.withLock { state in
                guard state.phase == .awaitingSubscription else { return nil }
                state.phase = .subscribed
                state.upstream = SerialUpstream()
                state.isPulling = true
                return state.upstream
            }
            if let upstream {
                upstream.start(with: subscription, requesting: .max(1))
            } else {
                // A subscriber takes one subscription in its life. Refuse any other.
                subscription.cancel()
            }
        }
        // [/excerpt]

        // [excerpt: receive-value]
        public func receive(_ input: Input) -> Subscribers.Demand {
            var handler: ((Input) -> Bool)?
            state.withLock { state in
                guard state.phase == .subscribed else { return }
                state.isPulling = false
                state.isDelivering = true
                handler = state.receiveValue
            }
            guard let handler else { return .none }

            let wantsMore = handler(input) // Called without the lock: it may call resume().

            return state.withLock { state in
                state.isDelivering = false
                guard state.phase == .subscribed else { return .none } // Cancelled meanwhile.
                state.isPulling = wantsMore || state.resumeRequested
                state.resumeRequested = false
                return state.isPulling ? .max(1) : .none
            }
        }
        // [/excerpt]

        public func receive(completion: Subscribers.Completion<Failure>) {
            var upstream: SerialUpstream?
            let handler = state.withLock { state -> ((Subscribers.Completion<Failure>) -> Void)? in
                guard state.phase == .subscribed else { return nil }
                upstream = state.upstream
                return state.terminate()
            }
            upstream?.end() // A request still waiting for its turn is not made.
            handler?(completion)
        }

        // [excerpt: resume]
        /// Asks for the next value if the flow is paused; does nothing while it flows.
        public func resume() {
            let upstreamToAsk: SerialUpstream? = state.withLock { state in
                guard let upstream = state.upstream, !state.isPulling else { return nil }
                if state.isDelivering {
                    // receive(_:) is running: let it ask when it returns, so that
                    // there is never more than one value outstanding.
                    state.resumeRequested = true
                    return nil
                }
                state.isPulling = true
                return upstream
            }
            // Not under the lock, and never while an earlier call is still inside the
            // subscription: that one may have delivered the value we just paused on, on
            // another thread, and not yet returned.
            upstreamToAsk?.request(.max(1))
        }
        // [/excerpt]

        /// Cancels the subscription and releases it and both closures.
        public func cancel() {
            let upstream: SerialUpstream? = state.withLock { state in
                defer { _ = state.terminate() }
                return state.upstream
            }
            upstream?.cancel()
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
