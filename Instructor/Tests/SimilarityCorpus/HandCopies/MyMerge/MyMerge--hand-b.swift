import Foundation
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
            let merge = MergeSubscription<Output, Failure>(downstream: AnySubscriber(subscriber))
            subscriber.receive(subscription: merge)
            attach(first, to: merge, index: 0)
            attach(second, to: merge, index: 1)
        }

        private func attach<Upstream: Publisher>(
            _ upstream: Upstream, to merge: MergeSubscription<Output, Failure>, index: Int
        ) where Upstream.Output == Output, Upstream.Failure == Failure {
            upstream.subscribe(MergeSide(merge: merge, index: index))
        }
    }
}

extension Publisher {
    public func myMerge<Other: Publisher>(with other: Other) -> Publishers.MyMerge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.MyMerge(first: self, second: other)
    }
}

private struct MergeSide<Output, Failure: Error>: Subscriber {
    let combineIdentifier = CombineIdentifier()
    let merge: MergeSubscription<Output, Failure>
    let index: Int

    func receive(subscription: Subscription) {
        merge.receive(subscription: subscription, from: index)
    }

    func receive(_ input: Output) -> Subscribers.Demand {
        merge.receive(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        merge.receive(completion: completion, from: index)
    }
}

private final class MergeSubscription<Output, Failure: Error>: Subscription {
    private let lock = NSLock()
    private var downstream: AnySubscriber<Output, Failure>?
    private var upstreams: [Subscription?] = [nil, nil]
    private var requested: Subscribers.Demand = .none
    private var demand: Subscribers.Demand = .none
    private var queue: [Output] = []
    private var finishedUpstreams = 0
    private var completion: Subscribers.Completion<Failure>?
    private var isDelivering = false

    init(downstream: AnySubscriber<Output, Failure>) {
        self.downstream = downstream
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private var isOpen: Bool { downstream != nil && completion == nil }

    func receive(subscription: Subscription, from index: Int) {
        let owed: Subscribers.Demand? = locked {
            if isOpen && upstreams[index] == nil {
                upstreams[index] = subscription
                return requested
            }
            return nil
        }
        if let owed {
            if owed > .none { subscription.request(owed) }
        } else {
            subscription.cancel()
        }
    }

    func receive(_ value: Output) {
        locked {
            if isOpen { queue.append(value) }
        }
        deliver()
    }

    func receive(completion: Subscribers.Completion<Failure>, from index: Int) {
        let accepted: Bool = locked {
            if !isOpen { return false }
            upstreams[index] = nil
            if case .failure = completion {
                self.completion = completion
                queue = []
            } else {
                finishedUpstreams += 1
                if finishedUpstreams == 2 { self.completion = .finished }
            }
            return true
        }
        if accepted { deliver() }
    }

    func request(_ demand: Subscribers.Demand) {
        let live: Bool = locked {
            if downstream == nil { return false }
            self.demand += demand
            return true
        }
        if live {
            askUpstreams(for: demand)
            deliver()
        }
    }

    func cancel() {
        let subscriptions: [Subscription?] = locked {
            downstream = nil
            queue = []
            defer { upstreams = [nil, nil] }
            return upstreams
        }
        for subscription in subscriptions { subscription?.cancel() }
    }

    private func askUpstreams(for demand: Subscribers.Demand) {
        if demand == .none { return }
        let subscriptions: [Subscription] = locked {
            requested += demand
            return upstreams.compactMap { $0 }
        }
        for subscription in subscriptions { subscription.request(demand) }
    }

    private enum Step {
        case send(AnySubscriber<Output, Failure>, Output)
        case finish(AnySubscriber<Output, Failure>, Subscribers.Completion<Failure>, [Subscription?])
        case stop
    }

    private func nextStep() -> Step {
        guard let downstream else { return .stop }
        if demand > .none && !queue.isEmpty {
            demand -= 1
            return .send(downstream, queue.removeFirst())
        }
        if queue.isEmpty, let completion {
            self.downstream = nil
            let others = upstreams
            upstreams = [nil, nil]
            return .finish(downstream, completion, others)
        }
        return .stop
    }

    private func deliver() {
        let starting: Bool = locked {
            if isDelivering { return false }
            isDelivering = true
            return true
        }
        guard starting else { return }
        lock.lock()
        loop: while true {
            switch nextStep() {
            case let .send(downstream, value):
                lock.unlock()
                let more = downstream.receive(value)
                locked { demand += more }
                askUpstreams(for: more)
                lock.lock()
            case let .finish(downstream, completion, others):
                isDelivering = false
                lock.unlock()
                for other in others { other?.cancel() }
                downstream.receive(completion: completion)
                return
            case .stop:
                break loop
            }
        }
        isDelivering = false
        lock.unlock()
    }
}
