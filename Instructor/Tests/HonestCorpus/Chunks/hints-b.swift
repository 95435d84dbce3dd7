// Honest corpus: Chunks by hints-b. Design: one class as upstream subscriber and downstream subscription; demand times size; optional ends dropped on finish/cancel. Followed the hints: yes.

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
            let chunker = ChunkingLink<Upstream.Output, Failure, S>(downstream: subscriber, size: size)
            upstream.subscribe(chunker)
        }
    }
}

extension Publisher {
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        Publishers.Chunks(upstream: self, size: size)
    }
}

private final class ChunkingLink<Value, Failure: Error, Downstream: Subscriber>: Subscriber, Subscription
where Downstream.Input == [Value], Downstream.Failure == Failure {
    typealias Input = Value

    private var downstream: Downstream?
    private var upstream: Subscription?
    private let size: Int
    private var buffer: [Value] = []

    init(downstream: Downstream, size: Int) {
        self.downstream = downstream
        self.size = size
    }

    // MARK: the upstream's subscriber

    func receive(subscription: Subscription) {
        guard upstream == nil, let downstream = downstream else {
            subscription.cancel()
            return
        }
        upstream = subscription
        downstream.receive(subscription: self)
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        guard let downstream = downstream else { return .none }
        buffer.append(input)
        guard buffer.count >= size else {
            // The rest of this chunk was already asked for.
            return .none
        }
        let chunk = buffer
        buffer = []
        let more = downstream.receive(chunk)
        return more * size
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard let downstream = downstream else { return }
        let rest = buffer
        buffer = []
        self.downstream = nil
        upstream = nil
        switch completion {
        case .finished:
            if !rest.isEmpty {
                _ = downstream.receive(rest)
            }
            downstream.receive(completion: .finished)
        case .failure:
            downstream.receive(completion: completion)
        }
    }

    // MARK: the downstream's subscription

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none, let upstream = upstream else { return }
        upstream.request(demand * size)
    }

    func cancel() {
        let held = upstream
        upstream = nil
        downstream = nil
        buffer = []
        held?.cancel()
    }
}
