// Composes Combine's PassthroughSubject (both upstreams subscribed to it with sink), its
// buffer(size:prefetch:whenFull:) for the values beyond demand, and handleEvents to cancel
// both upstreams; a counter finishes the subject once both upstreams have finished.
import OpenCombineShim

final class Upstreams {
    var cancellables: [AnyCancellable] = []
    var finished = 0
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
            let subject = PassthroughSubject<Output, Failure>()
            let upstreams = Upstreams()
            func complete(_ completion: Subscribers.Completion<Failure>) {
                switch completion {
                case .failure:
                    upstreams.cancellables.forEach { $0.cancel() }
                    subject.send(completion: completion)
                case .finished:
                    upstreams.finished += 1
                    if upstreams.finished == 2 { subject.send(completion: .finished) }
                }
            }
            subject
                .buffer(size: Int.max, prefetch: .byRequest, whenFull: .dropNewest)
                .handleEvents(receiveCancel: { upstreams.cancellables.forEach { $0.cancel() } })
                .receive(subscriber: subscriber)
            upstreams.cancellables.append(first.sink(receiveCompletion: complete, receiveValue: { subject.send($0) }))
            upstreams.cancellables.append(second.sink(receiveCompletion: complete, receiveValue: { subject.send($0) }))
        }
    }
}

extension Publisher {
    public func myMerge<Other: Publisher>(with other: Other) -> Publishers.MyMerge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.MyMerge(first: self, second: other)
    }
}
