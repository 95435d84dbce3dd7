// Composes Combine's Sequence publisher with flatMap(maxPublishers: .max(1)) { Just($0) }:
// each number becomes a Just, one at a time.
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
            stride(from: start, to: 0, by: -1).publisher
                .flatMap(maxPublishers: .max(1)) { Just($0) }
                .receive(subscriber: subscriber)
        }
    }
}
