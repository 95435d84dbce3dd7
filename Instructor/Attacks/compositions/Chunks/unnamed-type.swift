// Evasion 2: reaches CollectByCount without spelling a Combine type: the type is taken from
// an opaque `some Publisher` result (collect(1)) with type(of:), and the value is re-made
// through the metatype's init.
import OpenCombineShim

func grouping<U: Publisher>(_ upstream: U, _ size: Int) -> some Publisher<[U.Output], U.Failure> {
    let sample = upstream.collect(1)
    return type(of: sample).init(upstream: upstream, count: size)
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
            grouping(upstream, size).receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        Publishers.Chunks(upstream: self, size: size)
    }
}
