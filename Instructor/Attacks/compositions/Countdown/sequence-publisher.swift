// Composes Combine's Sequence publisher: stride(from: start, to: 0, by: -1).publisher sends
// start...1 on demand and finishes (at once when empty).
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
            stride(from: start, to: 0, by: -1).publisher.receive(subscriber: subscriber)
        }
    }
}
