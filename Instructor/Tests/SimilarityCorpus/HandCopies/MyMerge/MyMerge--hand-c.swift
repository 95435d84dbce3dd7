// MyMerge — exercise for chapter 4 (Amb)
//
// Idea: one subscription object for the downstream, and a tiny subscriber in front of
// each of the two upstreams that forwards everything into it (with its index 0 / 1).
// Demand from downstream goes to BOTH upstreams, so extra values are queued.

import Foundation
import OpenCombineShim

extension Publishers {

    /// Merges two publishers with the same Output/Failure.
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
            // downstream first, so it can request before values arrive
            subscriber.receive(subscription: merge)
            first.subscribe(MergeSide(merge: merge, index: 0))
            second.subscribe(MergeSide(merge: merge, index: 1))
        }
    }
}

extension Publisher {
    /// a.myMerge(with: b)
    public func myMerge<Other: Publisher>(with other: Other) -> Publishers.MyMerge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.MyMerge(first: self, second: other)
    }
}

/// Subscriber in front of one upstream. Doesn't do anything itself.
private struct MergeSide<Output, Failure: Error>: Subscriber {
    let combineIdentifier = CombineIdentifier()
    let merge: MergeSubscription<Output, Failure>
    let index: Int   // 0 = first, 1 = second

    func receive(subscription: Subscription) {
        merge.receive(subscription: subscription, from: index)
    }

    func receive(_ input: Output) -> Subscribers.Demand {
        merge.receive(input)
        // the merge requests from upstream itself whenever downstream asks
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        merge.receive(completion: completion, from: index)
    }
}

/// The actual merge logic.
///
/// Threading: everything is behind `lock`, but we NEVER call out (downstream or
/// upstream) while holding it, otherwise re-entrant calls would deadlock.
private final class MergeSubscription<Output, Failure: Error>: Subscription {

    private let lock = NSLock()

    private var downstream: AnySubscriber<Output, Failure>?
    private var upstreams: [Subscription?] = [nil, nil]

    /// total demand ever passed upstream (for an upstream that subscribes late)
    private var requested: Subscribers.Demand = .none
    /// what downstream still wants
    private var demand: Subscribers.Demand = .none
    /// values that came in when downstream had no demand
    private var queue: [Output] = []

    private var finishedUpstreams = 0
    private var completion: Subscribers.Completion<Failure>?
    private var isDelivering = false

    /// statistics, not used for the logic
    private var deliveredCount = 0
    private var maxQueueLength = 0

    init(downstream: AnySubscriber<Output, Failure>) {
        self.downstream = downstream
    }

    // MARK: - called by the MergeSides

    func receive(subscription: Subscription, from index: Int) {
        lock.lock()
        // already done, or this side already has one -> cancel
        guard downstream != nil, completion == nil, upstreams[index] == nil else {
            lock.unlock()
            return subscription.cancel()
        }
        upstreams[index] = subscription
        let owed = requested   // catch up with what was asked before this side showed up
        lock.unlock()

        if owed > .none {
            subscription.request(owed)
        }
    }

    func receive(_ value: Output) {
        lock.lock()
        if downstream != nil, completion == nil {
            queue.append(value)
            if queue.count > maxQueueLength { maxQueueLength = queue.count }
        }
        lock.unlock()
        deliver()
    }

    func receive(completion: Subscribers.Completion<Failure>, from index: Int) {
        lock.lock()
        guard downstream != nil, self.completion == nil else { return lock.unlock() }
        upstreams[index] = nil
        switch completion {
        case .finished:
            finishedUpstreams += 1
            // only finish when BOTH are done
            if finishedUpstreams == 2 { self.completion = .finished }
        case .failure:
            // failure goes out at once, queued values are thrown away
            self.completion = completion
            queue = []
        }
        lock.unlock()
        deliver()
    }

    // MARK: - called by downstream

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard downstream != nil else { return lock.unlock() }
        self.demand += demand
        lock.unlock()

        askUpstreams(for: demand)
        deliver()
    }

    func cancel() {
        lock.lock()
        downstream = nil
        queue = []
        let subscriptions = upstreams
        upstreams = [nil, nil]
        lock.unlock()
        // cancel outside the lock
        subscriptions.forEach { $0?.cancel() }
    }

    // MARK: - helpers

    private func askUpstreams(for demand: Subscribers.Demand) {
        guard demand > .none else { return }
        lock.lock()
        requested += demand
        let subscriptions = upstreams.compactMap { $0 }
        lock.unlock()
        subscriptions.forEach { $0.request(demand) }
    }

    /// Sends queued values while there's demand. Only one caller runs this loop at a time.
    private func deliver() {
        lock.lock()
        guard !isDelivering else { return lock.unlock() }   // someone else is already delivering
        isDelivering = true

        while let downstream {
            if demand > .none, !queue.isEmpty {
                let value = queue.removeFirst()
                demand -= 1
                deliveredCount += 1
                lock.unlock()
                let more = downstream.receive(value)
                lock.lock()
                demand += more
                lock.unlock()
                askUpstreams(for: more)
                lock.lock()
            } else if queue.isEmpty, let completion {
                // all delivered, now the completion
                self.downstream = nil
                isDelivering = false
                let others = upstreams
                upstreams = [nil, nil]
                lock.unlock()
                others.forEach { $0?.cancel() }   // e.g. the other side still running after a failure
                downstream.receive(completion: completion)
                return
            } else {
                break   // nothing to do right now
            }
        }

        isDelivering = false
        lock.unlock()
    }
}
