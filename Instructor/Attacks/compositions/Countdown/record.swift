// Composes Combine's Record publisher: a recording of start...1 then .finished, replayed
// to each subscriber on demand.
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
            Record<Int, Never>(output: Array(stride(from: start, to: 0, by: -1)), completion: .finished)
                .receive(subscriber: subscriber)
        }
    }
}
