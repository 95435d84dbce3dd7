// Chunks operator (exercise, chapter 4)
//
// One class is both the Subscriber for the upstream and the Subscription for the
// downstream. Demand for n chunks = demand for n * size values.

import OpenCombineShim

extension Publishers {

    /// Groups upstream values into arrays of `size`.
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
            // the link subscribes to upstream and hands itself to the subscriber later
            let link = ChunkingLink<Upstream.Output, Failure, S>(size: size, downstream: subscriber)
            upstream.subscribe(link)
        }
    }
}

extension Publisher {
    /// `[1,2,3,4,5,6,7].publisher.chunks(of: 3)` -> [1,2,3] [4,5,6] [7]
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        Publishers.Chunks(upstream: self, size: size)
    }
}

/// The worker: sits between upstream and downstream.
private final class ChunkingLink<Element, Failure: Error, Downstream: Subscriber>: Subscriber, Subscription
where Downstream.Input == [Element], Downstream.Failure == Failure {

    typealias Input = Element

    private let size: Int
    private var downstream: Downstream?              // nil once we're done
    private var upstreamSubscription: Subscription?  // nil before subscribe / after cancel
    private var pending: [Element] = []              // the chunk being filled

    /// number of complete chunks sent (useful when stepping through in the debugger)
    private var chunksSent = 0
    /// remember if we finished normally or not
    private var finishedNormally: Bool?

    init(size: Int, downstream: Downstream) {
        self.size = size
        self.downstream = downstream
        pending.reserveCapacity(max(size, 0))
    }

    // MARK: - Subscriber side (values coming from upstream)

    func receive(subscription: Subscription) {
        // only accept one subscription, and only while someone is listening
        guard upstreamSubscription == nil, let downstream = downstream else {
            subscription.cancel()
            return
        }
        upstreamSubscription = subscription
        downstream.receive(subscription: self)   // nothing is requested before downstream asks
    }

    func receive(_ input: Element) -> Subscribers.Demand {
        guard let downstream = downstream else { return .none }

        pending.append(input)

        // not full yet: the values were already asked for, nothing more to request
        guard pending.count >= size else { return .none }

        let chunk = pending
        pending = []
        chunksSent += 1

        // downstream's extra demand is in chunks -> convert to values
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
            finishedNormally = true
            // last, shorter chunk
            if !leftover.isEmpty {
                _ = downstream.receive(leftover)
            }
            downstream.receive(completion: .finished)
        case .failure:
            finishedNormally = false
            // the unfinished chunk is dropped on failure
            downstream.receive(completion: completion)
        }
    }

    // MARK: - Subscription side (demand coming from downstream)

    func request(_ demand: Subscribers.Demand) {
        // .unlimited * size stays .unlimited
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
