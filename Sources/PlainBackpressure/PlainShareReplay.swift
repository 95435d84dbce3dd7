import Foundation
import OpenCombineShim

/// Shares one subscription to its upstream among all its subscribers, and replays the
/// latest `maxBufferSize` values, and the completion, to subscribers that come late.
///
/// The plain version of the library's `Publishers.ShareReplay`, to read first: the same
/// behaviour with its default scope, `.forever` (the tests run both), written with one lock,
/// an array for the replay and chapter 4's `PlainDemandBuffer` in front of each subscriber.
/// The library's adds the `scope` choice (`.whileConnected`) and is tuned for speed: a ring
/// for the replay, its state behind a pointer, and the library's faster `DemandBuffer`.
///
/// The rule it keeps everywhere: decide under the lock, call out after releasing it. A
/// subscriber may subscribe again, or cancel, from inside any call this makes.
public final class PlainShareReplay<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    // [excerpt: state]
    private let lock = NSLock()
    private let maxBufferSize: Int
    /// Held until the first subscriber comes: the upstream is subscribed to once.
    private var upstream: Upstream?
    /// The upstream's subscription, cancelled when this publisher goes away.
    private var upstreamSubscription: Subscription?
    /// The latest `maxBufferSize` values, oldest first.
    private var replay: [Output] = []
    /// The upstream's completion, once it came: replayed to every later subscriber.
    private var completion: Subscribers.Completion<Failure>?
    /// One per subscriber still listening.
    private var links: [Link] = []
    // [/excerpt]

    public init(upstream: Upstream, maxBufferSize: Int = .max) {
        precondition(maxBufferSize >= 0, "shareReplay needs a buffer size of 0 or more")
        self.upstream = upstream
        self.maxBufferSize = maxBufferSize
    }

    deinit {
        upstreamSubscription?.cancel()
    }

    // [excerpt: receive-subscriber]
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        // The replay is copied in the same critical section that adds the link to the list,
        // so each value reaches the subscriber exactly once: in this copy, or from relay(_:).
        let link = Link(parent: completion == nil ? self : nil, downstream: AnySubscriber(subscriber),
                        capacity: maxBufferSize, replay: replay, completion: completion)
        if completion == nil { links.append(link) }
        let toConnect = upstream
        upstream = nil // Subscribed to once, and not kept.
        lock.unlock()
        link.start() // After unlocking: the subscriber may call straight back in.
        toConnect?.subscribe(UpstreamSink(parent: self))
    }
    // [/excerpt]

    // [excerpt: relay]
    fileprivate func relay(_ value: Output) {
        lock.lock()
        guard completion == nil else {
            lock.unlock()
            return
        }
        replay.append(value)
        if replay.count > maxBufferSize { replay.removeFirst() }
        let targets = links // A copy: the subscribers there were when the value came.
        lock.unlock()
        for link in targets { link.receive(value) } // Outside the lock.
    }

    fileprivate func finish(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard self.completion == nil else {
            lock.unlock()
            return
        }
        self.completion = completion
        upstreamSubscription = nil
        let targets = links
        links = []
        lock.unlock()
        for link in targets { link.receive(completion: completion) }
    }
    // [/excerpt]

    fileprivate func connected(to subscription: Subscription) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard upstreamSubscription == nil, completion == nil else { return false }
        upstreamSubscription = subscription
        return true
    }

    // [excerpt: remove]
    /// Called by a link that was cancelled: it leaves the list, and nothing is sent to it.
    fileprivate func remove(_ link: Link) {
        lock.lock()
        links.removeAll { $0 === link }
        lock.unlock()
    }
    // [/excerpt]

    /// How many subscribers are waiting for values from upstream.
    public var activeSubscriptionCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return links.count
    }

    // [excerpt: link]
    /// One subscriber's subscription. Its `PlainDemandBuffer` (chapter 4) holds what the
    /// subscriber has not asked for yet, at most `capacity` values beyond its demand, the
    /// oldest dropped first, and delivers the completion after them.
    fileprivate final class Link: Subscription {
        private let lock = NSLock()
        private let buffer: PlainDemandBuffer<AnySubscriber<Output, Failure>>
        /// Held to leave its list on cancel; nil once cancelled or completed.
        private var parent: PlainShareReplay?

        init(parent: PlainShareReplay?, downstream: AnySubscriber<Output, Failure>, capacity: Int,
             replay: [Output], completion: Subscribers.Completion<Failure>?) {
            self.parent = parent
            buffer = PlainDemandBuffer(downstream: downstream, capacity: capacity, queued: replay, completion: completion)
        }

        func start() { buffer.start(with: self) }

        func request(_ demand: Subscribers.Demand) {
            _ = buffer.request(demand) // The upstream was asked for everything already.
        }

        func cancel() {
            buffer.cancel() // No completion: a subscriber that cancels wants nothing more.
            lock.lock()
            let parent = self.parent
            self.parent = nil
            lock.unlock()
            parent?.remove(self)
        }

        func receive(_ value: Output) { _ = buffer.receive(value) }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            parent = nil
            lock.unlock()
            buffer.receive(completion: completion)
        }
    }
    // [/excerpt]

    /// The one subscriber to the upstream. It holds the publisher weakly, so that the
    /// upstream, which holds it, does not keep the publisher alive.
    private final class UpstreamSink: Subscriber {
        typealias Input = Output
        typealias Failure = Upstream.Failure

        private weak var parent: PlainShareReplay?

        init(parent: PlainShareReplay) { self.parent = parent }

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

extension Publisher {
    /// Shares this publisher with a `PlainShareReplay`: the plain version of `shareReplay`.
    public func plainShareReplay(_ maxBufferSize: Int = .max) -> PlainShareReplay<Self> {
        PlainShareReplay(upstream: self, maxBufferSize: maxBufferSize)
    }
}

/// Subscribers attach from any thread: everything shared is behind the lock.
extension PlainShareReplay: @unchecked Sendable where Upstream: Sendable {}
