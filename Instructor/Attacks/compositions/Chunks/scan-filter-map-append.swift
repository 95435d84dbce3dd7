// Composes Combine's scan (accumulate into a growing buffer), filter (only full buffers;
// each dropped value gives demand back), map and append(Deferred { ... }) for the rest.
import OpenCombineShim

final class Leftover<Value> {
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
            let leftover = Leftover<Upstream.Output>()
            let size = size
            upstream
                .scan([Upstream.Output]()) { buffer, value in
                    let next = (buffer.count == size ? [] : buffer) + [value]
                    leftover.values = next.count == size ? [] : next
                    return next
                }
                .filter { $0.count == size }
                .map { $0 }
                .append(Deferred { leftover.values.isEmpty ? Empty<[Upstream.Output], Failure>().eraseToAnyPublisher()
                                                           : Just(leftover.values).setFailureType(to: Failure.self).eraseToAnyPublisher() })
                .receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        Publishers.Chunks(upstream: self, size: size)
    }
}
