// Reference solution of the Chunks exercise (chapter 04-amb).

import OpenCombineShim

extension Publishers {
    /// Groups upstream values into arrays of `size`, the last one shorter if upstream
    /// finishes mid-chunk.
    ///
    /// The publisher is a value that only describes the pipeline; each subscription builds
    /// a ``ChunksSubscription`` that sits between the two ends and translates demand.
    public struct Chunks<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let size: Int

        public init(upstream: Upstream, size: Int) {
            precondition(size > 0, "chunks(of:) needs a size of at least 1")
            self.upstream = upstream
            self.size = size
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ChunksSubscription(size: size, downstream: subscriber))
        }
    }
}

extension Publisher {
    /// Sends the values in arrays of `size`; see ``Publishers/Chunks``.
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        Publishers.Chunks(upstream: self, size: size)
    }
}

/// Upstream's subscriber and downstream's subscription at once.
///
/// Demand for `n` chunks becomes demand for `n * size` values, both when downstream calls
/// `request(_:)` and when it returns demand from `receive(_:)`. Since upstream is never
/// asked for more than that, every full chunk it completes was asked for, and a short
/// chunk at `.finished` fits into demand already given. (One thread at a time, like the
/// chapter's code; sharing it across threads would add a lock.)
private final class ChunksSubscription<Downstream: Subscriber, Element>: Subscriber, Subscription
where Downstream.Input == [Element] {
    typealias Input = Element
    typealias Failure = Downstream.Failure

    private let size: Int
    private var downstream: Downstream?
    private var upstream: Subscription?
    private var chunk: [Element] = []

    init(size: Int, downstream: Downstream) {
        self.size = size
        self.downstream = downstream
        chunk.reserveCapacity(size)
    }

    func receive(subscription: Subscription) {
        guard upstream == nil, let downstream else {
            subscription.cancel()
            return
        }
        upstream = subscription
        downstream.receive(subscription: self)
    }

    func receive(_ input: Element) -> Subscribers.Demand {
        guard let downstream else { return .none }
        chunk.append(input)
        guard chunk.count == size else { return .none }
        let full = chunk
        chunk.removeAll(keepingCapacity: true)
        return downstream.receive(full) * size
    }

    func receive(completion: Subscribers.Completion<Downstream.Failure>) {
        guard let downstream else { return }
        let last = chunk
        end()
        if case .finished = completion, !last.isEmpty {
            _ = downstream.receive(last)
        }
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        upstream?.request(demand * size)
    }

    func cancel() {
        let subscription = upstream
        end()
        subscription?.cancel()
    }

    private func end() {
        downstream = nil
        upstream = nil
        chunk = []
    }
}
