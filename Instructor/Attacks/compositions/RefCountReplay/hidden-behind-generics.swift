// Evasion 1: the sharereplay-forever-recreated attack with every Combine and library type
// hidden: ShareReplay behind a typealias and a protocol's defaulted associated type, the
// counting operator behind an `any Publisher` existential made in a generic helper.
import Backpressure
import OpenCombineShim

typealias Sharing<U: Publisher> = Publishers.ShareReplay<U>

protocol SharingMaker {
    associatedtype Source: Publisher
    associatedtype Shared: Publisher = Sharing<Source>
    static func make(_ source: Source, _ size: Int) -> Shared
}

enum Maker<U: Publisher>: SharingMaker {
    static func make(_ source: U, _ size: Int) -> Sharing<U> { Sharing(upstream: source, maxBufferSize: size) }
}

func counted<P: Publisher>(_ shared: P, onCompletion: @escaping () -> Void, onCancel: @escaping () -> Void) -> any Publisher<P.Output, P.Failure> {
    shared.handleEvents(receiveCompletion: { _ in onCompletion() }, receiveCancel: onCancel)
}

extension Publishers {
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int
        private var current: (any Publisher<Upstream.Output, Upstream.Failure>)?
        private var count = 0

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = bufferSize
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let shared = current ?? Maker<Upstream>.make(upstream, bufferSize)
            current = shared
            count += 1
            var live = true
            let leave = { [weak self] in
                guard live, let self else { return }
                live = false
                self.count -= 1
                if self.count == 0 { self.current = nil }
            }
            counted(shared, onCompletion: { live = false }, onCancel: leave).receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    public func refCountReplay(_ bufferSize: Int) -> Publishers.RefCountReplay<Self> {
        Publishers.RefCountReplay(upstream: self, bufferSize: bufferSize)
    }
}
