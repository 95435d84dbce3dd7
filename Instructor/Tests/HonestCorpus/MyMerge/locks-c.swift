// Honest corpus: MyMerge by locks-c. Design: an NSLock-guarded upstream-link base class (keeps demand asked before the subscription arrives) subclassed by two side subscribers that feed one merge subscription, itself a queue-and-demand gate where a single drainer delivers with the lock released. Followed the hints: no.

import Foundation
import OpenCombineShim

/// One upstream, seen from the subscriber side: keeps demand that arrives before the
/// subscription, forwards it once the subscription is here, and cancels at most once.
fileprivate class MergeUpstreamLink {
    let lock = NSLock()
    private var subscription: Subscription?
    private var heldDemand = Subscribers.Demand.none
    private var isEnded = false

    /// Keeps the first subscription and forwards the demand held so far.
    func adopt(_ newSubscription: Subscription) {
        lock.lock()
        guard !isEnded, subscription == nil else {
            lock.unlock()
            newSubscription.cancel()
            return
        }
        subscription = newSubscription
        let demand = heldDemand
        heldDemand = .none
        lock.unlock()
        if demand > .none { newSubscription.request(demand) }
    }

    func requestUpstream(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        lock.lock()
        guard !isEnded else {
            lock.unlock()
            return
        }
        guard let current = subscription else {
            heldDemand += demand // Asked before the subscription arrived.
            lock.unlock()
            return
        }
        lock.unlock()
        current.request(demand)
    }

    /// Cancels the upstream, unless it already ended.
    func cancelUpstream() {
        lock.lock()
        let current = isEnded ? nil : subscription
        isEnded = true
        subscription = nil
        lock.unlock()
        current?.cancel()
        didEnd()
    }

    /// The upstream completed: forget it without cancelling. - Returns: whether it was live.
    func upstreamEnded() -> Bool {
        lock.lock()
        let wasLive = !isEnded
        isEnded = true
        subscription = nil
        lock.unlock()
        return wasLive
    }

    /// Hook for subclasses, called without the lock once the link is over.
    func didEnd() {}
}

/// The protocol the sides report to, so that they need not know the downstream's type.
fileprivate protocol MergeHub: AnyObject {
    associatedtype Value
    associatedtype Problem: Error
    func sideSent(_ value: Value, from side: Int) -> Subscribers.Demand
    func sideCompleted(_ completion: Subscribers.Completion<Problem>, from side: Int)
}

/// A subscriber in front of one of the two upstreams.
fileprivate final class MergeSide<Hub: MergeHub>: MergeUpstreamLink, Subscriber {
    typealias Input = Hub.Value
    typealias Failure = Hub.Problem

    let index: Int
    private var hub: Hub?

    init(index: Int, hub: Hub) {
        self.index = index
        self.hub = hub
    }

    private func currentHub() -> Hub? {
        lock.lock()
        defer { lock.unlock() }
        return hub
    }

    override func didEnd() {
        lock.lock()
        hub = nil // Break the cycle with the merge subscription.
        lock.unlock()
    }

    func receive(subscription: Subscription) {
        adopt(subscription)
    }

    func receive(_ input: Hub.Value) -> Subscribers.Demand {
        currentHub()?.sideSent(input, from: index) ?? .none
    }

    func receive(completion: Subscribers.Completion<Hub.Problem>) {
        guard upstreamEnded() else { return }
        let target = currentHub()
        didEnd()
        target?.sideCompleted(completion, from: index)
    }
}

/// The downstream's subscription: a gate with a queue, a demand and one drainer at a time.
fileprivate final class MergeSubscription<Downstream: Subscriber>: MergeHub, Subscription, CustomStringConvertible {
    typealias Value = Downstream.Input
    typealias Problem = Downstream.Failure

    private let lock = NSLock()
    private var downstream: Downstream?
    private var queue: [Value] = []
    private var queueHead = 0
    private var demand = Subscribers.Demand.none
    private var completion: Subscribers.Completion<Problem>?
    private var finishedSides = 0
    private var isDraining = false
    private var sides: [MergeSide<MergeSubscription<Downstream>>] = []

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    var description: String { "MyMerge" }

    /// Creates both side subscribers. Called once, before subscribing upstream.
    func makeSides() -> (MergeSide<MergeSubscription<Downstream>>, MergeSide<MergeSubscription<Downstream>>)? {
        let first = MergeSide(index: 0, hub: self)
        let second = MergeSide(index: 1, hub: self)
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return nil // Cancelled while it was being handed its subscription.
        }
        sides = [first, second]
        lock.unlock()
        return (first, second)
    }

    private var queueIsEmptyLocked: Bool { queueHead >= queue.count }

    private func popLocked() -> Value {
        let value = queue[queueHead]
        queueHead += 1
        if queueHead > 32, queueHead * 2 > queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
        return value
    }

    private func clearQueueLocked() {
        queue.removeAll()
        queueHead = 0
    }

    /// Claims the drainer role. Lock must be held.
    private func claimDrainLocked() -> Bool {
        guard !isDraining else { return false }
        isDraining = true
        return true
    }

    /// Delivers while allowed. Only the drainer calls it, without the lock.
    /// - Returns: demand the downstream returned, to pass upstream.
    private func drain() -> Subscribers.Demand {
        var returned = Subscribers.Demand.none
        var finishedWith: Subscribers.Completion<Problem>?
        var finishedTarget: Downstream?
        lock.lock()
        while let target = downstream {
            if let ending = completion {
                let isFailure: Bool
                if case .failure = ending { isFailure = true } else { isFailure = false }
                if isFailure || queueIsEmptyLocked {
                    downstream = nil
                    clearQueueLocked()
                    finishedWith = ending
                    finishedTarget = target
                    break
                }
            }
            guard !queueIsEmptyLocked, demand > .none else { break }
            demand -= 1
            let value = popLocked()
            lock.unlock() // Never call the downstream with the lock held.
            let more = target.receive(value)
            lock.lock()
            if more > .none {
                demand += more
                returned += more
            }
        }
        isDraining = false
        let leftSides = finishedTarget == nil ? [] : sides
        if finishedTarget != nil { sides = [] }
        lock.unlock()

        if let finishedTarget, let finishedWith {
            finishedTarget.receive(completion: finishedWith)
            for side in leftSides { side.cancelUpstream() } // No-op for sides that ended.
            return .none
        }
        return returned
    }

    private func currentSides() -> [MergeSide<MergeSubscription<Downstream>>] {
        lock.lock()
        defer { lock.unlock() }
        return sides
    }

    // MARK: Subscription

    func request(_ more: Subscribers.Demand) {
        guard more > .none else { return }
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += more
        let drains = claimDrainLocked()
        let targets = sides
        lock.unlock()
        let extra = drains ? drain() : .none
        for side in targets {
            side.requestUpstream(more + extra)
        }
    }

    func cancel() {
        lock.lock()
        let released = downstream
        downstream = nil
        clearQueueLocked()
        let targets = sides
        sides = []
        lock.unlock()
        for side in targets { side.cancelUpstream() }
        withExtendedLifetime(released) {}
    }

    // MARK: From the sides

    func sideSent(_ value: Value, from side: Int) -> Subscribers.Demand {
        lock.lock()
        guard downstream != nil, completion == nil else {
            lock.unlock()
            return .none
        }
        queue.append(value)
        let drains = claimDrainLocked()
        lock.unlock()
        guard drains else { return .none } // The drainer delivers it.
        let extra = drain()
        guard extra > .none else { return .none }
        // The sender gets its share as the return value, the other side by a request.
        for other in currentSides() where other.index != side {
            other.requestUpstream(extra)
        }
        return extra
    }

    func sideCompleted(_ ending: Subscribers.Completion<Problem>, from side: Int) {
        lock.lock()
        guard downstream != nil, completion == nil else {
            lock.unlock()
            return
        }
        var toCancel: [MergeSide<MergeSubscription<Downstream>>] = []
        switch ending {
        case .finished:
            finishedSides += 1
            if finishedSides >= 2 { completion = .finished }
        case .failure:
            completion = ending // At once: the queue is dropped.
            clearQueueLocked()
            toCancel = sides.filter { $0.index != side }
        }
        let drains = completion != nil && claimDrainLocked()
        lock.unlock()
        for other in toCancel { other.cancelUpstream() }
        if drains { _ = drain() }
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
            let merge = MergeSubscription(downstream: subscriber)
            guard let (firstSide, secondSide) = merge.makeSides() else { return }
            subscriber.receive(subscription: merge)
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
