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
            upstream.subscribe(ChunkingLink<Upstream.Output, Failure, S>(size: size, downstream: subscriber))
        }
    }
}

extension Publisher {
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        .init(upstream: self, size: size)
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

    func receive(subscription: Subscription) {
        if upstreamSubscription != nil || downstream == nil {
            subscription.cancel()
        } else {
            upstreamSubscription = subscription
            downstream!.receive(subscription: self)
        }
    }

    func receive(_ input: Element) -> Subscribers.Demand {
        if let downstream = downstream {
            pending.append(input)
            if let chunk = takeFullChunk() {
                return downstream.receive(chunk) * size
            }
        }
        return .none
    }

    private func takeFullChunk() -> [Element]? {
        if pending.count < size { return nil }
        defer { pending = [] }
        return pending
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard let downstream = detachDownstream() else { return }
        let leftover = pending
        pending = []
        if case .failure = completion {
            downstream.receive(completion: completion)
            return
        }
        if leftover.count > 0 {
            _ = downstream.receive(leftover)
        }
        downstream.receive(completion: .finished)
    }

    private func detachDownstream() -> Downstream? {
        let current = downstream
        if current != nil {
            downstream = nil
            upstreamSubscription = nil
        }
        return current
    }

    func request(_ demand: Subscribers.Demand) {
        if let upstreamSubscription {
            upstreamSubscription.request(demand * size)
        }
    }

    func cancel() {
        let subscription = upstreamSubscription
        upstreamSubscription = nil
        downstream = nil
        pending = []
        subscription?.cancel()
    }
}
