// Composes Combine's compactMap (a buffer closure that returns nil until a chunk is full;
// each nil gives a demand of 1 back upstream) with append(Deferred { Just(rest) }) for the
// last, shorter chunk; failures pass through compactMap and skip the append.
import OpenCombineShim

final class Pending<Value> {
    var values: [Value] = []
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
            let pending = Pending<Upstream.Output>()
            let size = size
            upstream
                .compactMap { value -> [Upstream.Output]? in
                    pending.values.append(value)
                    guard pending.values.count == size else { return nil }
                    defer { pending.values = [] }
                    return pending.values
                }
                .append(Deferred { () -> Publishers.Sequence<[[Upstream.Output]], Failure> in
                    let rest = pending.values
                    return Publishers.Sequence(sequence: rest.isEmpty ? [] : [rest])
                })
                .receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        Publishers.Chunks(upstream: self, size: size)
    }
}
