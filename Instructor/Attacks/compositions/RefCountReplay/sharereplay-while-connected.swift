// Composes the library's shareReplay(_:scope: .whileConnected): the chapter's ShareReplay
// already cancels upstream when its last subscriber leaves and starts afresh after.
import Backpressure
import OpenCombineShim

extension Publishers {
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int
        private let shared: Publishers.ShareReplay<Upstream>

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = bufferSize
            shared = upstream.shareReplay(bufferSize, scope: .whileConnected)
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            shared.receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    public func refCountReplay(_ bufferSize: Int) -> Publishers.RefCountReplay<Self> {
        Publishers.RefCountReplay(upstream: self, bufferSize: bufferSize)
    }
}
