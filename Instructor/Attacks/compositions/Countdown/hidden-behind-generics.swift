// Evasion 1: Combine's Sequence publisher hidden behind a typealias, a protocol with a
// defaulted associated type, a generic wrapper and an `any Publisher` existential.
import OpenCombineShim

typealias Source = Publishers.Sequence<[Int], Never>

protocol SourceMaker {
    associatedtype Made: Publisher = Source
    static func make(_ values: [Int]) -> Made
}

enum Maker: SourceMaker {
    static func make(_ values: [Int]) -> Source { Source(sequence: values) }
}

struct Relay<Inner: Publisher>: Publisher where Inner.Output == Int, Inner.Failure == Never {
    typealias Output = Int
    typealias Failure = Never
    let inner: Inner
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        inner.receive(subscriber: subscriber)
    }
}

func made<M: SourceMaker>(_ maker: M.Type, _ values: [Int]) -> any Publisher<Int, Never> where M.Made.Output == Int, M.Made.Failure == Never {
    Relay(inner: maker.make(values))
}

extension Publishers {
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never

        public let start: Int

        public init(from start: Int) {
            self.start = start
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            let source = made(Maker.self, Array(stride(from: start, to: 0, by: -1)))
            source.receive(subscriber: subscriber)
        }
    }
}
