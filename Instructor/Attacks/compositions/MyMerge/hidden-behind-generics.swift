// Evasion 1: the Sequence/flatMap merge hidden behind typealiases, a generic helper and an
// `any Publisher` existential; the exercise's type names no Combine operator.
import OpenCombineShim

typealias Erased<O, F: Error> = AnyPublisher<O, F>
typealias Pair<O, F: Error> = Publishers.Sequence<[Erased<O, F>], F>

func merged<O, F: Error>(_ pair: Pair<O, F>) -> any Publisher<O, F> {
    pair.flatMap { $0 }
}

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
            let pair = Pair<Output, Failure>(sequence: [first.eraseToAnyPublisher(), second.eraseToAnyPublisher()])
            let erased: any Publisher<Output, Failure> = merged(pair)
            erased.receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    public func myMerge<Other: Publisher>(with other: Other) -> Publishers.MyMerge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.MyMerge(first: self, second: other)
    }
}
