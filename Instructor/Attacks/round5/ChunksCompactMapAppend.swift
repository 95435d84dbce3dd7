// Issue 47: Chunks with no subscription of its own. `compactMap` returns one unit of demand
// for each value it drops, so a chunk asked for costs exactly `size` values upstream;
// `append` of a deferred `Just` sends the shorter last chunk.
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
            let pending = PendingChunk<Upstream.Output>()
            let size = self.size
            upstream
                .compactMap { value -> [Upstream.Output]? in
                    pending.values.append(value)
                    guard pending.values.count == size else { return nil }
                    defer { pending.values = [] }
                    return pending.values
                }
                .append(Deferred { Just(pending.values).setFailureType(to: Failure.self).filter { !$0.isEmpty } })
                .receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        Publishers.Chunks(upstream: self, size: size)
    }
}

/// The chunk being filled, shared by the two closures.
final class PendingChunk<Value> {
    var values: [Value] = []
}
