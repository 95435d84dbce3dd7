// Evasion 2: the sharereplay-forever-recreated attack without spelling a Combine or library
// type: shareReplay(_:) with its default scope (the Scope type is never written), kept as an
// AnyPublisher (allowed); the counting operator comes out of an opaque helper.
import Backpressure
import OpenCombineShim

func replaying<U: Publisher>(_ upstream: U, _ size: Int) -> some Publisher<U.Output, U.Failure> {
    upstream.shareReplay(size)
}

func counted<P: Publisher>(_ shared: P, _ done: @escaping () -> Void, _ leave: @escaping () -> Void) -> some Publisher<P.Output, P.Failure> {
    shared.handleEvents(receiveCompletion: { _ in done() }, receiveCancel: leave)
}

extension Publishers {
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int
        private var current: AnyPublisher<Upstream.Output, Upstream.Failure>?
        private var count = 0

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = bufferSize
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let shared = current ?? AnyPublisher(replaying(upstream, bufferSize))
            current = shared
            count += 1
            var live = true
            let leave = { [weak self] in
                guard live, let self else { return }
                live = false
                self.count -= 1
                if self.count == 0 { self.current = nil }
            }
            AnyPublisher(counted(shared, { live = false }, leave)).receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    public func refCountReplay(_ bufferSize: Int) -> Publishers.RefCountReplay<Self> {
        Publishers.RefCountReplay(upstream: self, bufferSize: bufferSize)
    }
}
