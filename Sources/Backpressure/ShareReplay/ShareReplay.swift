import OpenCombineShim

extension Publishers {
    /// A publisher that subscribes to its upstream once, shares every value with all its
    /// subscribers, and replays the latest `maxBufferSize` values, and the completion, to
    /// subscribers that arrive late.
    ///
    /// It is a class because the shared state (the upstream connection, the replay
    /// buffer, the list of subscriptions) must be one thing that every subscriber reaches.
    ///
    /// How it avoids the classic bugs:
    /// - Its lock guards only its own state. Every call out (subscribing upstream,
    ///   delivering to subscribers) happens after the lock is released, so a subscriber
    ///   may subscribe again or cancel from inside a delivery.
    /// - Each subscriber gets a `ShareReplaySubscription` with its own `DemandBuffer`, so a
    ///   slow subscriber's demand is honoured without holding up the others, and its
    ///   completion waits behind the values it may still ask for.
    /// - Cancelling removes the subscription and releases the subscriber. It sends no
    ///   completion: a cancelled subscriber has said it wants nothing more.
    /// - The replay buffer is a ring (`ReplayRing`), so keeping the latest values is O(1)
    ///   per value whatever `maxBufferSize` is.
    /// - It holds the upstream only until it subscribes, and the upstream's subscription
    ///   only until the upstream completes (or this publisher goes away).
    public final class ShareReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// How long one subscription to the upstream is kept.
        public enum Scope {
            /// Subscribe upstream once, for good: values and the completion are replayed
            /// to every later subscriber, even after all earlier ones have left.
            case forever
            /// Subscribe upstream while anyone is subscribed. When the last subscriber
            /// leaves (cancels, or has been sent the completion), the upstream is
            /// cancelled and the replay buffer cleared; the next subscriber subscribes
            /// upstream afresh. This is RxSwift's `SubjectLifetimeScope.whileConnected`:
            /// use it for a source whose values go stale, such as a location feed.
            case whileConnected
        }

        /// How many of the latest values a late subscriber is given.
        public let maxBufferSize: Int
        /// Whether the upstream subscription outlives the subscribers.
        public let scope: Scope

        /// Everything that changes, owned by one lock. The fields whose size doesn't
        /// depend on the upstream's types come first (see `DemandBuffer.State`).
        private struct State {
            /// Counts subscriptions to the upstream. Events from an `UpstreamSink` of an
            /// older connection (one cancelled while it was still sending) are ignored.
            var connection = 0
            /// True from subscribing upstream until disconnecting (never, for `.forever`).
            var isConnected = false
            /// Mirrors `completion != nil`, which costs a metadata look-up to ask.
            var isCompleted = false
            var upstreamSubscription: Subscription?
            var subscriptions: [ShareReplaySubscription<Upstream>] = []
            var replay: ReplayRing<Output>
            /// Kept for `.whileConnected`, which may subscribe again; `.forever` lets go
            /// of it once subscribed.
            var upstream: Upstream?
            var completion: Subscribers.Completion<Failure>?

            /// Forgets the completion and what was replayed, for a fresh connection.
            mutating func reset() {
                completion = nil
                isCompleted = false
                replay.removeAll()
            }
        }

        private let state: LockedState<State>

        public init(upstream: Upstream, maxBufferSize: Int, scope: Scope = .forever) {
            precondition(maxBufferSize >= 0, "shareReplay needs a buffer size of 0 or more")
            self.maxBufferSize = maxBufferSize
            self.scope = scope
            state = LockedState(State(replay: ReplayRing(limit: maxBufferSize), upstream: upstream))
        }

        deinit {
            let upstreamSubscription = state.withLock { state in
                state.replay.deallocate()
                return state.upstreamSubscription
            }
            upstreamSubscription?.cancel()
        }

        // [excerpt: receive-subscriber]
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (subscription, upstreamToConnect, connection) = state.withLock {
                state -> (ShareReplaySubscription<Upstream>, Upstream?, Int) in
                if scope == .whileConnected, state.isCompleted, state.subscriptions.isEmpty {
                    // The last connection ended with a completion: start afresh.
                    state.reset()
                    state.isConnected = false
                }
                // The replay is copied in the same critical section that adds the
                // subscriber to the list, so each value reaches it exactly once: either
                // in this copy or, later, from `relay(_:)`.
                let subscription = ShareReplaySubscription(
                    parent: self, downstream: AnySubscriber(subscriber),
                    capacity: maxBufferSize, replay: Self.copy(of: state.replay),
                    completion: state.completion)
                if !state.isCompleted {
                    state.subscriptions.append(subscription)
                }
                guard !state.isConnected, !state.isCompleted else {
                    return (subscription, nil, state.connection)
                }
                state.isConnected = true
                state.connection += 1
                defer { if scope == .forever { state.upstream = nil } } // Subscribe once, don't keep it.
                return (subscription, state.upstream, state.connection)
            }
            subscription.start()
            upstreamToConnect?.subscribe(UpstreamSink(parent: self, connection: connection))
        }
        // [/excerpt]

        /// The replayed values, as the queue a new subscription starts with (which has no
        /// limit of its own: the subscription's buffer trims it to `maxBufferSize`).
        private static func copy(of replay: ReplayRing<Output>) -> ReplayRing<Output> {
            replay.copy(limit: .max)
        }

        // [excerpt: relay]
        private func relay(_ value: Output, from connection: Int) {
            var targets: [ShareReplaySubscription<Upstream>]?
            state.withLock { state in
                guard !state.isCompleted, connection == state.connection else { return }
                state.replay.append(value) // Drops the oldest once full.
                targets = state.subscriptions
            }
            for subscription in targets ?? [] { // Outside the lock.
                subscription.receive(value)
            }
        }
        // [/excerpt]

        private func finish(_ completion: Subscribers.Completion<Failure>, from connection: Int) {
            let targets: [ShareReplaySubscription<Upstream>] = state.withLock { state in
                // A completion from an upstream that never sent its subscription breaks
                // the contract; it must not end the share for everyone.
                guard !state.isCompleted, state.upstreamSubscription != nil, connection == state.connection
                else { return [] }
                state.completion = completion
                state.isCompleted = true
                state.upstreamSubscription = nil
                if scope == .whileConnected { state.isConnected = false }
                defer { state.subscriptions = [] }
                return state.subscriptions
            }
            for subscription in targets {
                subscription.receive(completion: completion)
            }
        }

        private func connected(to subscription: Subscription, connection: Int) -> Bool {
            state.withLock { state in
                guard !state.isCompleted, state.upstreamSubscription == nil,
                      connection == state.connection, state.isConnected
                else { return false }
                state.upstreamSubscription = subscription
                return true
            }
        }

        /// How many subscriptions are waiting for values from upstream.
        var activeSubscriptionCount: Int {
            state.withLock { $0.subscriptions.count }
        }

        /// Called by a subscription that was cancelled.
        func remove(_ subscription: ShareReplaySubscription<Upstream>) {
            let toCancel: Subscription? = state.withLock { state in
                state.subscriptions.removeAll { $0 === subscription }
                guard scope == .whileConnected, state.subscriptions.isEmpty, state.isConnected else { return nil }
                // The last subscriber left: disconnect, and forget what was replayed.
                state.isConnected = false
                state.connection += 1 // Anything the old connection still sends is ignored.
                state.replay.removeAll()
                defer { state.upstreamSubscription = nil }
                return state.upstreamSubscription
            }
            toCancel?.cancel() // Outside the lock: cancelling may call back into us.
        }

        /// The one subscriber to the upstream. It holds the publisher weakly so that the
        /// upstream, which owns it, does not keep the publisher alive.
        private final class UpstreamSink: Subscriber {
            typealias Input = Output
            typealias Failure = Upstream.Failure

            private weak var parent: ShareReplay?
            private let connection: Int

            init(parent: ShareReplay, connection: Int) {
                self.parent = parent
                self.connection = connection
            }

            func receive(subscription: Subscription) {
                guard let parent, parent.connected(to: subscription, connection: connection) else {
                    subscription.cancel()
                    return
                }
                subscription.request(.unlimited)
            }

            func receive(_ input: Input) -> Subscribers.Demand {
                parent?.relay(input, from: connection)
                return .none
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                parent?.finish(completion, from: connection)
            }
        }
    }
}

extension Publisher {
    // [excerpt: share-replay-scope]
    /// Shares this publisher among all subscribers, subscribing to it once, and replays
    /// the latest `maxBufferSize` values (and the completion) to each new subscriber.
    ///
    /// - Parameter scope: `.forever` (the default) keeps the upstream subscription and the
    ///   replay for good; `.whileConnected` cancels the upstream when the last subscriber
    ///   leaves, clears the replay, and subscribes afresh for the next subscriber.
    public func shareReplay(
        _ maxBufferSize: Int = .max,
        scope: Publishers.ShareReplay<Self>.Scope = .forever
    ) -> Publishers.ShareReplay<Self> {
        Publishers.ShareReplay(upstream: self, maxBufferSize: maxBufferSize, scope: scope)
    }
    // [/excerpt]
}
