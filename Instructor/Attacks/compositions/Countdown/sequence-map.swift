// Composes Combine's Sequence publisher of 0..<start with map { start - $0 }.
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
            let n = start
            (0..<Swift.max(n, 0)).publisher.map { n - $0 }.receive(subscriber: subscriber)
        }
    }
}
