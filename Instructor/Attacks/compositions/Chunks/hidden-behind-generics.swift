// Evasion 1: Combine's CollectByCount hidden behind a typealias, a protocol whose associated
// type defaults to it, and an `any Publisher` existential opened at the call.
import OpenCombineShim

typealias Grouping<U: Publisher> = Publishers.CollectByCount<U>

protocol Grouper {
    associatedtype Upstream: Publisher
    associatedtype Grouped: Publisher = Grouping<Upstream>
    static func group(_ upstream: Upstream, _ size: Int) -> Grouped
}

enum Group<U: Publisher>: Grouper {
    static func group(_ upstream: U, _ size: Int) -> Grouping<U> { Grouping(upstream: upstream, count: size) }
}

func grouped<U: Publisher>(_ upstream: U, _ size: Int) -> any Publisher<[U.Output], U.Failure> {
    Group<U>.group(upstream, size)
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
            let erased: any Publisher<[Upstream.Output], Upstream.Failure> = grouped(upstream, size)
            erased.receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        Publishers.Chunks(upstream: self, size: size)
    }
}
