// Honest corpus: MyMerge by hints-b. Design: one locked subscription with a queue, demand and isDelivering flag, fed by two small side subscribers that keep demand until their upstream subscribes. Followed the hints: yes.

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
            let merger = MergingSubscription<S>(downstream: subscriber)
            // Take the sides first: a downstream that cancels at once makes the merger drop them.
            let firstSide = merger.firstSide
            let secondSide = merger.secondSide
            subscriber.receive(subscription: merger)
            first.subscribe(firstSide)
            second.subscribe(secondSide)
        }
    }
}

extension Publisher {
    public func myMerge<Other: Publisher>(with other: Other) -> Publishers.MyMerge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.MyMerge(first: self, second: other)
    }
}

/// Subscribes to one upstream and passes everything to the merging subscription,
/// together with its index (0 or 1).
private final class MergeSide<Downstream: Subscriber>: Subscriber, Cancellable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = NSLock()
    private let index: Int
    private var parent: MergingSubscription<Downstream>?
    private var subscription: Subscription?
    private var pendingDemand = Subscribers.Demand.none
    private var isDone = false

    init(index: Int, parent: MergingSubscription<Downstream>) {
        self.index = index
        self.parent = parent
    }

    /// Asks the upstream for more, or remembers it until its subscription arrives.
    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        lock.lock()
        if isDone {
            lock.unlock()
            return
        }
        guard let subscription = subscription else {
            pendingDemand += demand
            lock.unlock()
            return
        }
        lock.unlock()
        subscription.request(demand)
    }

    func receive(subscription: Subscription) {
        lock.lock()
        if isDone || self.subscription != nil {
            lock.unlock()
            subscription.cancel()
            return
        }
        self.subscription = subscription
        let demand = pendingDemand
        pendingDemand = .none
        lock.unlock()
        if demand > .none {
            subscription.request(demand)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let parent = isDone ? nil : self.parent
        lock.unlock()
        parent?.receive(input)
        // Demand is passed on by the parent, to both sides at once.
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        if isDone {
            lock.unlock()
            return
        }
        isDone = true
        let parent = self.parent
        self.parent = nil
        subscription = nil
        lock.unlock()
        parent?.receive(completion: completion, from: index)
    }

    func cancel() {
        lock.lock()
        if isDone {
            lock.unlock()
            return
        }
        isDone = true
        let subscription = self.subscription
        self.subscription = nil
        parent = nil
        lock.unlock()
        subscription?.cancel()
    }
}

private final class MergingSubscription<Downstream: Subscriber>: Subscription {
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = NSLock()
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var queue: [Output] = []
    private var finishedCount = 0
    private var isDelivering = false
    private var sides: [MergeSide<Downstream>] = []

    init(downstream: Downstream) {
        self.downstream = downstream
        sides = [MergeSide(index: 0, parent: self), MergeSide(index: 1, parent: self)]
    }

    var firstSide: MergeSide<Downstream> { sides[0] }
    var secondSide: MergeSide<Downstream> { sides[1] }

    // MARK: the downstream's subscription

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += more
        let askSides = sides
        lock.unlock()
        for side in askSides {
            side.request(more)
        }
        deliverIfNobodyIs()
    }

    func cancel() {
        lock.lock()
        downstream = nil
        queue = []
        let toCancel = sides
        sides = []
        lock.unlock()
        for side in toCancel {
            side.cancel()
        }
    }

    // MARK: from the sides

    func receive(_ value: Output) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        queue.append(value)
        lock.unlock()
        deliverIfNobodyIs()
    }

    func receive(completion: Subscribers.Completion<Failure>, from index: Int) {
        switch completion {
        case .finished:
            lock.lock()
            guard downstream != nil else {
                lock.unlock()
                return
            }
            finishedCount += 1
            lock.unlock()
            deliverIfNobodyIs()
        case .failure:
            lock.lock()
            guard let target = downstream else {
                lock.unlock()
                return
            }
            downstream = nil
            queue = []
            let others = sides
            sides = []
            lock.unlock()
            for (position, side) in others.enumerated() where position != index {
                side.cancel()
            }
            target.receive(completion: completion)
        }
    }

    // MARK: delivering

    private func deliverIfNobodyIs() {
        lock.lock()
        if isDelivering {
            // The running loop will pick up what we added.
            lock.unlock()
            return
        }
        isDelivering = true
        lock.unlock()
        deliver()
    }

    /// Only called by whoever set isDelivering.
    private func deliver() {
        while true {
            lock.lock()
            guard let target = downstream else {
                isDelivering = false
                lock.unlock()
                return
            }
            if queue.isEmpty {
                if finishedCount >= 2 {
                    downstream = nil
                    sides = []
                    isDelivering = false
                    lock.unlock()
                    target.receive(completion: .finished)
                    return
                }
                isDelivering = false
                lock.unlock()
                return
            }
            guard demand > .none else {
                isDelivering = false
                lock.unlock()
                return
            }
            demand -= 1
            let value = queue.removeFirst()
            lock.unlock()

            let more = target.receive(value)
            if more > .none {
                lock.lock()
                demand += more
                let askSides = sides
                lock.unlock()
                for side in askSides {
                    side.request(more)
                }
            }
        }
    }
}
