// Composes Combine's Just and append (Publishers.Concatenate): Just(start) appended with
// Just(start-1) ... Just(1), erased to AnyPublisher; Empty for start <= 0.
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
            var chain = Empty<Int, Never>().eraseToAnyPublisher()
            for value in stride(from: start, to: 0, by: -1) {
                chain = chain.append(Just(value)).eraseToAnyPublisher()
            }
            chain.receive(subscriber: subscriber)
        }
    }
}
