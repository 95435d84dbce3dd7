import OpenCombineShim

// chunks(of:) operator

extension Publisher {
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        return Publishers.Chunks(upstream: self, size: size)
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
            let inner = ChunkInner<Upstream.Output, Failure, S>(chunkSize: size, sub: subscriber)
            upstream.subscribe(inner)
        }
    }
}

private final class ChunkInner<T, Failure: Error, Sub: Subscriber>: Subscriber, Subscription
where Sub.Input == [T], Sub.Failure == Failure {
    typealias Input = T

    var upstreamSub: Subscription?
    var sub: Sub?
    var current = [T]()
    let chunkSize: Int
    var isDone: Bool { sub == nil }   // for debugging

    init(chunkSize: Int, sub: Sub) {
        self.chunkSize = chunkSize
        self.sub = sub
    }

    // downstream asks for chunks -> ask upstream for values
    func request(_ demand: Subscribers.Demand) {
        upstreamSub?.request(demand * chunkSize)
    }

    func receive(subscription: Subscription) {
        if upstreamSub == nil, let s = sub {
            upstreamSub = subscription
            s.receive(subscription: self)
            return
        }
        subscription.cancel()
    }

    func receive(_ input: T) -> Subscribers.Demand {
        guard let s = sub else { return .none }
        current.append(input)
        if current.count < chunkSize {
            return .none
        }
        let full = current
        current.removeAll()
        return s.receive(full) * chunkSize
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard let s = sub else { return }
        let rest = current
        current.removeAll()
        sub = nil
        upstreamSub = nil
        if case .finished = completion, !rest.isEmpty {
            _ = s.receive(rest)
        }
        // .finished or the failure, either way pass it on
        s.receive(completion: completion)
    }

    func cancel() {
        let u = upstreamSub
        upstreamSub = nil
        sub = nil
        current.removeAll()
        u?.cancel()
    }
}
