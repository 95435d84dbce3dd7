import DequeModule
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
    /// - The replay buffer is a `Deque`, so keeping the latest values is O(1) per value
    ///   whatever `maxBufferSize` is.
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

        private let lock = Lock()
        /// Kept for `.whileConnected`, which may subscribe again; `.forever` lets go of it
        /// once subscribed.
        private var upstream: Upstream?
        /// Counts subscriptions to the upstream. Events from an `UpstreamSink` of an older
        /// connection (one cancelled while it was still sending) are ignored.
        private var connection = 0
        /// True from subscribing upstream until disconnecting (never, for `.forever`).
        private var isConnected = false
        private var upstreamSubscription: Subscription?
        private var replay = Deque<Output>()
        private var completion: Subscribers.Completion<Failure>?
        private var subscriptions: [ShareReplaySubscription<Upstream>] = []

        public init(upstream: Upstream, maxBufferSize: Int, scope: Scope = .forever) {
            precondition(maxBufferSize >= 0, "shareReplay needs a buffer size of 0 or more")
            self.upstream = upstream
            self.maxBufferSize = maxBufferSize
            self.scope = scope
        }

        deinit {
            upstreamSubscription?.cancel()
        }

        // [excerpt: receive-subscriber]
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (subscription, upstreamToConnect, connectionNumber) = lock.withLock {
                () -> (ShareReplaySubscription<Upstream>, Upstream?, Int) in
                if scope == .whileConnected, completion != nil, subscriptions.isEmpty {
                    // The last connection ended with a completion: start afresh.
                    completion = nil
                    replay.removeAll()
                    isConnected = false
                }
                // The replay is copied in the same critical section that adds the
                // subscriber to the list, so each value reaches it exactly once: either
                // in this copy or, later, from `relay(_:)`.
                let subscription = ShareReplaySubscription(
                    parent: self, downstream: AnySubscriber(subscriber),
                    capacity: maxBufferSize, replay: replayCopy(), completion: completion)
                if completion == nil {
                    subscriptions.append(subscription)
                }
                guard !isConnected, completion == nil else { return (subscription, nil, self.connection) }
                isConnected = true
                self.connection += 1
                defer { if scope == .forever { upstream = nil } } // Subscribe once, don't keep it.
                return (subscription, upstream, self.connection)
            }
            subscription.start()
            upstreamToConnect?.subscribe(UpstreamSink(parent: self, connection: connectionNumber))
        }
        // [/excerpt]

        /// A copy of the replay buffer with storage of its own. Must be called with the
        /// lock held. A plain `let copy = replay` would share storage copy-on-write, and
        /// the subscription would then copy it on another thread, under another lock,
        /// while `relay(_:)` appends here: two threads on one buffer with no lock in
        /// common. ThreadSanitizer reports exactly that.
        private func replayCopy() -> Deque<Output> {
            var copy = Deque<Output>()
            copy.reserveCapacity(replay.count)
            copy.append(contentsOf: replay)
            return copy
        }

        // [excerpt: relay]
        private func relay(_ value: Output, from connection: Int) {
            let targets: [ShareReplaySubscription<Upstream>] = lock.withLock {
                guard completion == nil, connection == self.connection else { return [] }
                replay.append(value)
                if replay.count > maxBufferSize {
                    replay.removeFirst()
                }
                return subscriptions
            }
            for subscription in targets { // Outside the lock.
                subscription.receive(value)
            }
        }
        // [/excerpt]

        private func finish(_ completion: Subscribers.Completion<Failure>, from connection: Int) {
            let targets: [ShareReplaySubscription<Upstream>] = lock.withLock {
                // A completion from an upstream that never sent its subscription breaks
                // the contract; it must not end the share for everyone.
                guard self.completion == nil, upstreamSubscription != nil, connection == self.connection
                else { return [] }
                self.completion = completion
                upstreamSubscription = nil
                if scope == .whileConnected { isConnected = false }
                defer { subscriptions = [] }
                return subscriptions
            }
            for subscription in targets {
                subscription.receive(completion: completion)
            }
        }

        private func connected(to subscription: Subscription, connection: Int) -> Bool {
            lock.withLock {
                guard completion == nil, upstreamSubscription == nil, connection == self.connection,
                      isConnected
                else { return false }
                upstreamSubscription = subscription
                return true
            }
        }

        /// How many subscriptions are waiting for values from upstream.
        var activeSubscriptionCount: Int {
            lock.withLock { subscriptions.count }
        }

        /// Called by a subscription that was cancelled.
        func remove(_ subscription: ShareReplaySubscription<Upstream>) {
            let toCancel: Subscription? = lock.withLock {
                subscriptions.removeAll { $0 === subscription }
                guard scope == .whileConnected, subscriptions.isEmpty, isConnected else { return nil }
                // The last subscriber left: disconnect, and forget what was replayed.
                isConnected = false
                connection += 1 // Anything the old connection still sends is ignored.
                replay.removeAll()
                defer { upstreamSubscription = nil }
                return upstreamSubscription
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
