// Honest corpus: MyMerge by hints-a. Design: one locked MergeHub subscription with a surplus queue and isDelivering gate, fed by two tiny MergeInlet subscribers tagged with their index. Followed the hints: yes.

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
            let hub = MergeHub<Output, Failure, S>(downstream: subscriber)
            subscriber.receive(subscription: hub)
            first.subscribe(MergeInlet(hub: hub, index: 0))
            second.subscribe(MergeInlet(hub: hub, index: 1))
        }
    }
}

extension Publisher {
    public func myMerge<Other: Publisher>(with other: Other) -> Publishers.MyMerge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.MyMerge(first: self, second: other)
    }
}

/// What the hub knows about one of its two upstreams.
private enum InletSlot {
    case waiting
    case active(Subscription)
    case done

    var subscription: Subscription? {
        if case let .active(subscription) = self { return subscription }
        return nil
    }
}

/// The subscriber placed in front of one upstream: it only reports to the hub.
private final class MergeInlet<Value, Failure: Error, Downstream: Subscriber>: Subscriber
where Downstream.Input == Value, Downstream.Failure == Failure {
    typealias Input = Value

    let combineIdentifier = CombineIdentifier()
    private let hub: MergeHub<Value, Failure, Downstream>
    private let index: Int

    init(hub: MergeHub<Value, Failure, Downstream>, index: Int) {
        self.hub = hub
        self.index = index
    }

    func receive(subscription: Subscription) {
        hub.attach(subscription, at: index)
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        hub.arrived(input, from: index)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        hub.ended(completion, from: index)
    }
}

/// The downstream's subscription: it shares demand with both upstreams and queues the surplus.
private final class MergeHub<Value, Failure: Error, Downstream: Subscriber>: Subscription
where Downstream.Input == Value, Downstream.Failure == Failure {
    private let lock = NSLock()
    private var downstream: Downstream?
    private var slots: [InletSlot] = [.waiting, .waiting]
    private var askedSoFar: Subscribers.Demand = .none
    private var owed: Subscribers.Demand = .none
    private var waiting: [Value] = []
    private var waitingStart = 0
    private var finishedCount = 0
    private var finishQueued = false
    private var isDelivering = false

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    // MARK: From the upstreams

    func attach(_ subscription: Subscription, at index: Int) {
        lock.lock()
        guard downstream != nil, case .waiting = slots[index] else {
            lock.unlock()
            subscription.cancel()
            return
        }
        slots[index] = .active(subscription)
        let catchUp = askedSoFar
        lock.unlock()
        if catchUp > .none {
            subscription.request(catchUp)
        }
    }

    func arrived(_ value: Value, from index: Int) {
        lock.lock()
        guard downstream != nil, slots[index].subscription != nil else {
            lock.unlock()
            return
        }
        waiting.append(value)
        lock.unlock()
        deliver()
    }

    func ended(_ completion: Subscribers.Completion<Failure>, from index: Int) {
        lock.lock()
        guard downstream != nil, slots[index].subscription != nil else {
            lock.unlock()
            return
        }
        switch completion {
        case .finished:
            slots[index] = .done
            finishedCount += 1
            if finishedCount == 2 {
                finishQueued = true
            }
            lock.unlock()
            deliver()
        case .failure:
            let target = downstream
            let other = slots[1 - index].subscription
            downstream = nil
            slots = [.done, .done]
            waiting = []
            waitingStart = 0
            lock.unlock()
            other?.cancel()
            target?.receive(completion: completion)
        }
    }

    // MARK: From the downstream

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        addDemand(demand)
        deliver()
    }

    func cancel() {
        lock.lock()
        let subscriptions = slots.compactMap { $0.subscription }
        downstream = nil
        slots = [.done, .done]
        waiting = []
        waitingStart = 0
        lock.unlock()
        subscriptions.forEach { $0.cancel() }
    }

    // MARK: Inside

    /// Records new downstream demand and passes it on to every upstream that is still live.
    private func addDemand(_ demand: Subscribers.Demand) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        owed += demand
        askedSoFar += demand
        let subscriptions = slots.compactMap { $0.subscription }
        lock.unlock()
        subscriptions.forEach { $0.request(demand) }
    }

    /// Sends queued values while there is demand; only one caller runs this loop at a time.
    private func deliver() {
        lock.lock()
        if isDelivering {
            lock.unlock()
            return
        }
        isDelivering = true
        while let target = downstream {
            if owed > .none, waitingStart < waiting.count {
                let value = waiting[waitingStart]
                waitingStart += 1
                if waitingStart == waiting.count {
                    waiting = []
                    waitingStart = 0
                }
                owed -= 1
                lock.unlock()
                let more = target.receive(value)
                if more > .none {
                    addDemand(more)
                }
                lock.lock()
            } else if finishQueued, waitingStart == waiting.count {
                downstream = nil
                slots = [.done, .done]
                isDelivering = false
                lock.unlock()
                target.receive(completion: .finished)
                return
            } else {
                break
            }
        }
        isDelivering = false
        lock.unlock()
    }
}
