// Composes Combine's flatMap(maxPublishers: .max(size)) with Just/Empty: each value goes into
// a buffer and comes out as Just(chunk) when full, Empty otherwise; append adds the rest.
import OpenCombineShim

final class ChunkBuffer<Value> {
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
            let buffer = ChunkBuffer<Upstream.Output>()
            let size = size
            upstream
                .flatMap(maxPublishers: .max(size)) { value -> AnyPublisher<[Upstream.Output], Failure> in
                    buffer.values.append(value)
                    guard buffer.values.count == size else { return Empty().eraseToAnyPublisher() }
                    defer { buffer.values = [] }
                    return Just(buffer.values).setFailureType(to: Failure.self).eraseToAnyPublisher()
                }
                .append(Deferred { buffer.values.isEmpty ? Empty<[Upstream.Output], Failure>().eraseToAnyPublisher()
                                                         : Just(buffer.values).setFailureType(to: Failure.self).eraseToAnyPublisher() })
                .receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        Publishers.Chunks(upstream: self, size: size)
    }
}
