// Composes Combine's Just(first) appended with Just(second) (Publishers.Concatenate), then
// flatMap(maxPublishers: .max(2)) { $0 } to subscribe to both at once.
import OpenCombineShim

extension Publishers {
    public struct MyMerge<First: Publisher, Second: Publisher>: Publisher
    where First.Output == Second.Output, First.Failure == Second.Failure {
        public typealias Output = First.Output
        public typealias Failure = First.Failure

        public let first: First
        public let second: Second

        public init(first: First, second: Second) {
            self.first = first
            self.second = second
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            Just(first.eraseToAnyPublisher())
                .append(Just(second.eraseToAnyPublisher()))
                .setFailureType(to: Failure.self)
                .flatMap(maxPublishers: .max(2)) { $0 }
                .receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    public func myMerge<Other: Publisher>(with other: Other) -> Publishers.MyMerge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.MyMerge(first: self, second: other)
    }
}
