// Composes Combine's share() (connect on first subscriber, disconnect at the last), a
// CurrentValueSubject of the replay buffer filled by handleEvents, and prepend(buffer) +
// buffer(...) per subscriber for replay and its own demand.
import OpenCombineShim

extension Publishers {
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int
        private var shared: AnyPublisher<Upstream.Output, Upstream.Failure>!
        private let replay = CurrentValueSubject<[Upstream.Output], Never>([])
        private var completion: Subscribers.Completion<Upstream.Failure>?

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = bufferSize
            let replay = replay, size = bufferSize
            shared = upstream
                .handleEvents(receiveOutput: { replay.value = Array((replay.value + [$0]).suffix(size)) },
                              receiveCancel: { replay.value = [] })
                .share()
                .eraseToAnyPublisher()
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            shared
                .prepend(replay.value)
                .buffer(size: Int.max, prefetch: .byRequest, whenFull: .dropNewest)
                .receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    public func refCountReplay(_ bufferSize: Int) -> Publishers.RefCountReplay<Self> {
        Publishers.RefCountReplay(upstream: self, bufferSize: bufferSize)
    }
}
