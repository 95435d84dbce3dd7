// Composes the library's ShareReplay (.forever) made anew per connection, with Combine's
// handleEvents to count subscribers; when the count drops to zero the ShareReplay is
// dropped (its deinit cancels upstream) so the next subscriber starts a new one.
import Backpressure
import OpenCombineShim

extension Publishers {
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int
        private var current: Publishers.ShareReplay<Upstream>?
        private var count = 0

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = bufferSize
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let shared = current ?? Publishers.ShareReplay(upstream: upstream, maxBufferSize: bufferSize)
            current = shared
            count += 1
            var counted = true
            let leave = { [weak self] in
                guard counted, let self else { return }
                counted = false
                self.count -= 1
                if self.count == 0 { self.current = nil }
            }
            shared
                .handleEvents(receiveCompletion: { _ in counted = false }, receiveCancel: leave)
                .receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    public func refCountReplay(_ bufferSize: Int) -> Publishers.RefCountReplay<Self> {
        Publishers.RefCountReplay(upstream: self, bufferSize: bufferSize)
    }
}
