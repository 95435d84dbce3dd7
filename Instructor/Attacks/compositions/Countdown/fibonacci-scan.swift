// Composes the library's Publishers.fibonacci(count:) (a demand-honouring source of n values)
// with Combine's scan, which turns the k-th value into n+1-k; Empty when start <= 0.
import Backpressure
import OpenCombineShim

extension Publishers {
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never

        public let start: Int

        public init(from start: Int) {
            self.start = start
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            guard start > 0 else { return Empty<Int, Never>().receive(subscriber: subscriber) }
            let n = start
            Publishers.fibonacci(count: .max(n))
                .scan(n + 1) { last, _ in last - 1 }
                .receive(subscriber: subscriber)
        }
    }
}
