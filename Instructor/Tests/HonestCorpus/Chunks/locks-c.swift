// Honest corpus: Chunks by locks-c. Design: an NSLock-guarded upstream-link base class (one subscription, kept until completion or cancel) subclassed by a stand-in that is the upstream's subscriber and the downstream's subscription, fills a chunk under the lock and multiplies demand by the chunk size; calls out only after unlocking. Followed the hints: no.

import Foundation
import OpenCombineShim

/// The upstream half of an operator: takes one subscription, keeps it until the stream ends.
fileprivate class ChunkUpstreamLink {
    let lock = NSLock()
    private var upstream: Subscription?
    private var isOver = false

    /// Keeps `subscription` if it is the first, and the link is not over.
    /// - Returns: false if the caller must cancel it.
    func adopt(_ subscription: Subscription) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !isOver, upstream == nil else { return false }
        upstream = subscription
        return true
    }

    /// The live upstream subscription, to call outside the lock.
    func liveUpstream() -> Subscription? {
        lock.lock()
        defer { lock.unlock() }
        return isOver ? nil : upstream
    }

    /// Ends the link. Lock must be held. - Returns: the subscription it held.
    func endLocked() -> Subscription? {
        isOver = true
        defer { upstream = nil }
        return upstream
    }

    var isOverLocked: Bool { isOver }
}

/// Upstream's subscriber and downstream's subscription, at once.
fileprivate final class ChunkingRelay<Upstream: Publisher, Downstream: Subscriber>: ChunkUpstreamLink,
    Subscriber, Subscription, CustomStringConvertible
where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let size: Int
    private var downstream: Downstream?
    private var pending: [Upstream.Output] = []

    init(size: Int, downstream: Downstream) {
        self.size = max(1, size)
        self.downstream = downstream
        super.init()
        pending.reserveCapacity(self.size)
    }

    var description: String { "Chunks" }

    /// Demand for chunks, as demand for values.
    private func valuesFor(chunks: Subscribers.Demand) -> Subscribers.Demand {
        guard let count = chunks.max else { return .unlimited }
        let (product, overflow) = count.multipliedReportingOverflow(by: size)
        return overflow ? .unlimited : .max(product)
    }

    // MARK: Subscriber (upstream side)

    func receive(subscription: Subscription) {
        guard adopt(subscription) else {
            subscription.cancel()
            return
        }
        lock.lock()
        let target = downstream
        lock.unlock()
        target?.receive(subscription: self) // Nothing is asked upstream until it asks.
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
        lock.lock()
        guard let target = downstream, !isOverLocked else {
            lock.unlock()
            return .none
        }
        pending.append(input)
        guard pending.count >= size else {
            lock.unlock()
            return .none
        }
        let chunk = pending
        pending = []
        pending.reserveCapacity(size)
        lock.unlock()
        let more = target.receive(chunk)
        return more > .none ? valuesFor(chunks: more) : .none
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
        lock.lock()
        guard let target = downstream else {
            lock.unlock()
            return
        }
        downstream = nil
        let leftover = pending
        pending = []
        _ = endLocked() // Finished upstream: let go, never cancel it.
        lock.unlock()
        if case .finished = completion, !leftover.isEmpty {
            _ = target.receive(leftover)
        }
        target.receive(completion: completion) // A failure drops the unfinished chunk.
    }

    // MARK: Subscription (downstream side)

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        liveUpstream()?.request(valuesFor(chunks: demand))
    }

    func cancel() {
        lock.lock()
        let released = downstream
        downstream = nil
        pending = []
        let upstream = endLocked()
        lock.unlock()
        upstream?.cancel()
        withExtendedLifetime(released) {}
    }
}

extension Publishers {
    public struct Chunks<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let size: Int

        public init(upstream: Upstream, size: Int) {
            self.upstream = upstream
            self.size = size
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ChunkingRelay<Upstream, S>(size: size, downstream: subscriber))
        }
    }
}

extension Publisher {
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        Publishers.Chunks(upstream: self, size: size)
    }
}
