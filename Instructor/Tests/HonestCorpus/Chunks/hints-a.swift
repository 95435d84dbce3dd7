// Honest corpus: Chunks by hints-a. Design: one ChunkingLink class is the upstream's subscriber and the downstream's subscription, scaling demand by size and buffering a partial chunk. Followed the hints: yes.

import OpenCombineShim

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
            let link = ChunkingLink<Upstream.Output, Failure, S>(size: size, downstream: subscriber)
            upstream.subscribe(link)
        }
    }
}

extension Publisher {
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        Publishers.Chunks(upstream: self, size: size)
    }
}

private final class ChunkingLink<Element, Failure: Error, Downstream: Subscriber>: Subscriber, Subscription
where Downstream.Input == [Element], Downstream.Failure == Failure {
    typealias Input = Element

    private let size: Int
    private var downstream: Downstream?
    private var upstreamSubscription: Subscription?
    private var pending: [Element] = []

    init(size: Int, downstream: Downstream) {
        self.size = size
        self.downstream = downstream
    }

    // MARK: Subscriber (facing upstream)

    func receive(subscription: Subscription) {
        guard upstreamSubscription == nil, let downstream = downstream else {
            subscription.cancel()
            return
        }
        upstreamSubscription = subscription
        downstream.receive(subscription: self)
    }

    func receive(_ input: Element) -> Subscribers.Demand {
        guard let downstream = downstream else { return .none }
        pending.append(input)
        guard pending.count >= size else { return .none }
        let chunk = pending
        pending = []
        let more = downstream.receive(chunk)
        return more * size
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard let downstream = downstream else { return }
        let leftover = pending
        pending = []
        self.downstream = nil
        upstreamSubscription = nil
        switch completion {
        case .finished:
            if !leftover.isEmpty {
                _ = downstream.receive(leftover)
            }
            downstream.receive(completion: .finished)
        case .failure:
            downstream.receive(completion: completion)
        }
    }

    // MARK: Subscription (facing downstream)

    func request(_ demand: Subscribers.Demand) {
        upstreamSubscription?.request(demand * size)
    }

    func cancel() {
        let subscription = upstreamSubscription
        upstreamSubscription = nil
        downstream = nil
        pending = []
        subscription?.cancel()
    }
}
