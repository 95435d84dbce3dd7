import OpenCombineShim

/// One subscriber's view of a `Publishers.ShareReplay`.
///
/// The shared publisher pushes every value to every subscription; this type turns that
/// push back into pull. Its `DemandBuffer` queues what the subscriber hasn't asked for
/// yet (at most `capacity` values beyond its demand, the oldest dropped first, which is
/// what "replay the last N" means for a slow subscriber too) and delivers the completion
/// only after the values queued before it.
final class ShareReplaySubscription<Upstream: Publisher>: Subscription, CustomStringConvertible {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    private let lock = Lock()
    private let buffer: DemandBuffer<AnySubscriber<Output, Failure>>
    /// Held so that `cancel()` can remove this subscription from the publisher's list.
    private var parent: Publishers.ShareReplay<Upstream>?

    init(
        parent: Publishers.ShareReplay<Upstream>,
        downstream: AnySubscriber<Output, Failure>,
        capacity: Int,
        replay: ReplayRing<Output>,
        completion: Subscribers.Completion<Failure>?
    ) {
        self.parent = completion == nil ? parent : nil
        buffer = DemandBuffer(downstream: downstream, capacity: capacity, queued: replay, completion: completion)
    }

    var description: String { "ShareReplay" }

    /// Hands the subscriber this subscription, then delivers what it asks for.
    func start() {
        buffer.start(with: self)
    }

    func request(_ demand: Subscribers.Demand) {
        _ = buffer.request(demand) // The shared upstream is asked for everything already.
    }

    // [excerpt: cancel]
    func cancel() {
        // No completion: a subscriber that cancels has said it wants nothing more.
        buffer.cancel()
        let parent: Publishers.ShareReplay<Upstream>? = lock.withLock {
            defer { self.parent = nil }
            return self.parent
        }
        parent?.remove(self)
    }
    // [/excerpt]

    func receive(_ value: Output) {
        _ = buffer.receive(value)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { parent = nil }
        buffer.receive(completion: completion)
    }
}
