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

        /// How many of the latest values a late subscriber is given.
        public let maxBufferSize: Int

        private let lock = Lock()
        private var upstream: Upstream?
        private var upstreamSubscription: Subscription?
        private var replay = Deque<Output>()
        private var completion: Subscribers.Completion<Failure>?
        private var subscriptions: [ShareReplaySubscription<Upstream>] = []

        public init(upstream: Upstream, maxBufferSize: Int) {
            precondition(maxBufferSize >= 0, "shareReplay needs a buffer size of 0 or more")
            self.upstream = upstream
            self.maxBufferSize = maxBufferSize
        }

        deinit {
            upstreamSubscription?.cancel()
        }

        // [excerpt: receive-subscriber]
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (subscription, upstreamToConnect) = lock.withLock {
                () -> (ShareReplaySubscription<Upstream>, Upstream?) in
                // The replay is copied in the same critical section that adds the
                // subscriber to the list, so each value reaches it exactly once: either
                // in this copy or, later, from `relay(_:)`.
                let subscription = ShareReplaySubscription(
                    parent: self, downstream: AnySubscriber(subscriber),
                    capacity: maxBufferSize, replay: replayCopy(), completion: completion)
                if completion == nil {
                    subscriptions.append(subscription)
                }
                defer { upstream = nil } // Subscribe upstream once, and don't keep it.
                return (subscription, upstream)
            }
            subscription.start()
            upstreamToConnect?.subscribe(UpstreamSink(parent: self))
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
        private func relay(_ value: Output) {
            let targets: [ShareReplaySubscription<Upstream>] = lock.withLock {
                guard completion == nil else { return [] }
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

        private func finish(_ completion: Subscribers.Completion<Failure>) {
            let targets: [ShareReplaySubscription<Upstream>] = lock.withLock {
                // A completion from an upstream that never sent its subscription breaks
                // the contract; it must not end the share for everyone.
                guard self.completion == nil, upstreamSubscription != nil else { return [] }
                self.completion = completion
                upstreamSubscription = nil
                defer { subscriptions = [] }
                return subscriptions
            }
            for subscription in targets {
                subscription.receive(completion: completion)
            }
        }

        private func connected(to subscription: Subscription) -> Bool {
            lock.withLock {
                guard completion == nil, upstreamSubscription == nil else { return false }
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
            lock.withLock {
                subscriptions.removeAll { $0 === subscription }
            }
        }

        /// The one subscriber to the upstream. It holds the publisher weakly so that the
        /// upstream, which owns it, does not keep the publisher alive.
        private final class UpstreamSink: Subscriber {
            typealias Input = Output
            typealias Failure = Upstream.Failure

            private weak var parent: ShareReplay?

            init(parent: ShareReplay) {
                self.parent = parent
            }

            func receive(subscription: Subscription) {
                guard let parent, parent.connected(to: subscription) else {
                    subscription.cancel()
                    return
                }
                subscription.request(.unlimited)
            }

            func receive(_ input: Input) -> Subscribers.Demand {
                parent?.relay(input)
                return .none
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                parent?.finish(completion)
            }
        }
    }
}

extension Publisher {
    /// Shares this publisher among all subscribers, subscribing to it once, and replays
    /// the latest `maxBufferSize` values (and the completion) to each new subscriber.
    public func shareReplay(_ maxBufferSize: Int = .max) -> Publishers.ShareReplay<Self> {
        Publishers.ShareReplay(upstream: self, maxBufferSize: maxBufferSize)
    }
}
