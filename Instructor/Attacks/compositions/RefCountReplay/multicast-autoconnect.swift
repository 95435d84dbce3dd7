// Composes Combine's multicast { PassthroughSubject() } with autoconnect() (connect on the
// first subscriber, Combine's ref-counting) and buffer for each subscriber's own demand.
// There is no replay subject in Combine, so a late subscriber gets no replay.
import OpenCombineShim

extension Publishers {
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int
        private let shared: AnyPublisher<Upstream.Output, Upstream.Failure>

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = bufferSize
            shared = upstream.multicast { PassthroughSubject<Upstream.Output, Upstream.Failure>() }
                .autoconnect()
                .eraseToAnyPublisher()
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            shared.buffer(size: Int.max, prefetch: .byRequest, whenFull: .dropNewest).receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    public func refCountReplay(_ bufferSize: Int) -> Publishers.RefCountReplay<Self> {
        Publishers.RefCountReplay(upstream: self, bufferSize: bufferSize)
    }
}
