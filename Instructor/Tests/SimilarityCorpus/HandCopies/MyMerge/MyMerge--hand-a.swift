import Foundation
import OpenCombineShim

private final class Combiner<Value, Failure: Error>: Subscription {
    private var sending = false
    private var ending: Subscribers.Completion<Failure>?
    private var doneCount = 0
    private var waiting: [Value] = []
    private var wanted: Subscribers.Demand = .none
    private var totalAsked: Subscribers.Demand = .none
    private var sources: [Subscription?] = [nil, nil]
    private var target: AnySubscriber<Value, Failure>?
    private let guardLock = NSLock()

    init(target: AnySubscriber<Value, Failure>) {
        self.target = target
    }

    func cancel() {
        guardLock.lock()
        target = nil
        waiting = []
        let held = sources
        sources = [nil, nil]
        guardLock.unlock()
        held.forEach { $0?.cancel() }
    }

    func request(_ extra: Subscribers.Demand) {
        guardLock.lock()
        guard target != nil else { return guardLock.unlock() }
        wanted += extra
        guardLock.unlock()
        forward(extra)
        drain()
    }

    func accept(ending result: Subscribers.Completion<Failure>, from slot: Int) {
        guardLock.lock()
        guard target != nil, ending == nil else { return guardLock.unlock() }
        sources[slot] = nil
        switch result {
        case .finished:
            doneCount += 1
            if doneCount == 2 { ending = .finished }
        case .failure:
            ending = result
            waiting = []
        }
        guardLock.unlock()
        drain()
    }

    func accept(_ value: Value) {
        guardLock.lock()
        if target != nil, ending == nil { waiting.append(value) }
        guardLock.unlock()
        drain()
    }

    func accept(subscription: Subscription, from slot: Int) {
        guardLock.lock()
        guard target != nil, ending == nil, sources[slot] == nil else {
            guardLock.unlock()
            return subscription.cancel()
        }
        sources[slot] = subscription
        let backlog = totalAsked
        guardLock.unlock()
        if backlog > .none { subscription.request(backlog) }
    }

    private func drain() {
        guardLock.lock()
        guard !sending else { return guardLock.unlock() }
        sending = true
        while let target {
            if wanted > .none, !waiting.isEmpty {
                let value = waiting.removeFirst()
                wanted -= 1
                guardLock.unlock()
                let extra = target.receive(value)
                guardLock.lock()
                wanted += extra
                guardLock.unlock()
                forward(extra)
                guardLock.lock()
            } else if waiting.isEmpty, let ending {
                self.target = nil
                sending = false
                let rest = sources
                sources = [nil, nil]
                guardLock.unlock()
                rest.forEach { $0?.cancel() }
                target.receive(completion: ending)
                return
            } else {
                break
            }
        }
        sending = false
        guardLock.unlock()
    }

    private func forward(_ extra: Subscribers.Demand) {
        guard extra > .none else { return }
        guardLock.lock()
        totalAsked += extra
        let live = sources.compactMap { $0 }
        guardLock.unlock()
        live.forEach { $0.request(extra) }
    }
}

private struct Feeder<Value, Failure: Error>: Subscriber {
    let combineIdentifier = CombineIdentifier()
    let slot: Int
    let owner: Combiner<Value, Failure>

    func receive(completion: Subscribers.Completion<Failure>) { owner.accept(ending: completion, from: slot) }

    func receive(_ input: Value) -> Subscribers.Demand {
        owner.accept(input)
        return .none
    }

    func receive(subscription: Subscription) { owner.accept(subscription: subscription, from: slot) }
}

extension Publisher {
    public func myMerge<Other: Publisher>(with other: Other) -> Publishers.MyMerge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.MyMerge(first: self, second: other)
    }
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
            let owner = Combiner<Output, Failure>(target: AnySubscriber(subscriber))
            subscriber.receive(subscription: owner)
            first.subscribe(Feeder(slot: 0, owner: owner))
            second.subscribe(Feeder(slot: 1, owner: owner))
        }
    }
}
