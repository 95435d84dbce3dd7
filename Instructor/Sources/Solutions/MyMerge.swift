// Reference solution of the MyMerge exercise (chapter 04-amb).

import Foundation
import OpenCombineShim

extension Publishers {
    /// Sends the values of two upstreams, in the order they arrive, and finishes when both
    /// have finished: a merge, which OpenCombine lacks.
    ///
    /// Like `Amb` it has two upstreams and one downstream, so the work is in one
    /// subscription that both upstreams feed through a small subscriber each.
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
            first.subscribe(MergeSide(merge: merge, index: 0))
            second.subscribe(MergeSide(merge: merge, index: 1))
        }
    }
}

extension Publisher {
    /// The values of this publisher and of `other`, as they arrive; see ``Publishers/MyMerge``.
    public func myMerge<Other: Publisher>(with other: Other) -> Publishers.MyMerge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.MyMerge(first: self, second: other)
    }
}

/// One upstream's subscriber: hands everything to the merge, with the upstream's index.
private struct MergeSide<Output, Failure: Error>: Subscriber {
    let combineIdentifier = CombineIdentifier()
    let merge: MergeSubscription<Output, Failure>
    let index: Int

    func receive(subscription: Subscription) { merge.receive(subscription: subscription, from: index) }

    func receive(_ input: Output) -> Subscribers.Demand {
        merge.receive(input)
        return .none // The merge asks upstream itself, as the downstream asks it.
    }

    func receive(completion: Subscribers.Completion<Failure>) { merge.receive(completion: completion, from: index) }
}

/// The downstream's subscription, fed by both upstreams.
///
/// Every demand the downstream gives (by `request` or from `receive(_:)`) is passed to both
/// upstreams, so together they may send up to twice what was asked: the surplus waits in
/// `queue`, in arrival order. Exactly one caller at a time delivers (`isDelivering`); the
/// others only enqueue, so the downstream is never called twice at once or recursively. A
/// completion joins the end of the queue: `.finished` once both upstreams have finished, a
/// failure at once, dropping what waits. State is behind a lock that is never held while
/// calling out.
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

    // MARK: From the upstreams

    func receive(subscription: Subscription, from index: Int) {
        lock.lock()
        guard downstream != nil, completion == nil, upstreams[index] == nil else {
            lock.unlock()
            return subscription.cancel()
        }
        upstreams[index] = subscription
        let owed = requested // What the downstream asked for before this upstream was there.
        lock.unlock()
        if owed > .none { subscription.request(owed) }
    }

    func receive(_ value: Output) {
        lock.lock()
        if downstream != nil, completion == nil { queue.append(value) }
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
            if finishedUpstreams == 2 { self.completion = .finished }
        case .failure:
            self.completion = completion
            queue = []
        }
        lock.unlock()
        deliver()
    }

    // MARK: From the downstream

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
        subscriptions.forEach { $0?.cancel() }
    }

    // MARK: Delivering

    private func askUpstreams(for demand: Subscribers.Demand) {
        guard demand > .none else { return }
        lock.lock()
        requested += demand
        let subscriptions = upstreams.compactMap { $0 }
        lock.unlock()
        subscriptions.forEach { $0.request(demand) }
    }

    private func deliver() {
        lock.lock()
        guard !isDelivering else { return lock.unlock() }
        isDelivering = true
        while let downstream {
            if demand > .none, !queue.isEmpty {
                let value = queue.removeFirst()
                demand -= 1
                lock.unlock()
                let more = downstream.receive(value)
                lock.lock()
                demand += more
                lock.unlock()
                askUpstreams(for: more)
                lock.lock()
            } else if queue.isEmpty, let completion {
                self.downstream = nil
                isDelivering = false
                let others = upstreams
                upstreams = [nil, nil]
                lock.unlock()
                others.forEach { $0?.cancel() } // After a failure, the upstream still running.
                downstream.receive(completion: completion)
                return
            } else {
                break
            }
        }
        isDelivering = false
        lock.unlock()
    }
}
