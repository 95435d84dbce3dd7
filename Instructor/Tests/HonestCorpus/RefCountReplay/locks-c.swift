// Honest corpus: RefCountReplay by locks-c. Design: an NSLock-guarded per-subscriber demand gate base class (queue capped at the buffer size beyond demand, completion behind the values, one drainer) subclassed by a link that reports to the share; the share registers, relays and ref-counts under its own lock and calls out only after releasing it. Followed the hints: no.

import Foundation
import OpenCombineShim

/// In front of one subscriber: holds values and the completion until it asks for them.
fileprivate class ReplayDemandGate<Output, Failure: Error>: Subscription, CustomStringConvertible {
    let lock = NSLock()
    private var downstream: AnySubscriber<Output, Failure>?
    private var queue: [Output]
    private var demand = Subscribers.Demand.none
    private var completion: Subscribers.Completion<Failure>?
    /// True while one caller delivers; true from the start until `start()` ran.
    private var isDraining = true
    private let capacity: Int

    init(downstream: AnySubscriber<Output, Failure>, capacity: Int,
         replay: [Output], completion: Subscribers.Completion<Failure>?) {
        self.downstream = downstream
        self.capacity = capacity
        self.queue = replay
        self.completion = completion
    }

    var description: String { "RefCountReplay" }

    /// Hooks for subclasses, called without the lock.
    func gateDidDeliverCompletion() {}
    func gateDidCancel() {}

    /// Hands the subscriber its subscription, then delivers what it may have asked for.
    func start() {
        lock.lock()
        let target = downstream
        lock.unlock()
        target?.receive(subscription: self)
        drain() // We hold the drainer role from init.
    }

    /// Adds a value from upstream.
    func offer(_ value: Output) {
        lock.lock()
        guard downstream != nil, completion == nil else {
            lock.unlock()
            return
        }
        queue.append(value)
        // Keep what was asked for, and at most `capacity` values more: drop the oldest.
        while queue.count > capacity, .max(queue.count) > demand {
            queue.removeFirst()
        }
        let drains = claimLocked()
        lock.unlock()
        if drains { drain() }
    }

    /// Adds the completion: it goes out after the values before it.
    func offer(completion ending: Subscribers.Completion<Failure>) {
        lock.lock()
        guard downstream != nil, completion == nil else {
            lock.unlock()
            return
        }
        completion = ending
        let drains = claimLocked()
        lock.unlock()
        if drains { drain() }
    }

    private func claimLocked() -> Bool {
        guard !isDraining else { return false }
        isDraining = true
        return true
    }

    private func drain() {
        var finished = false
        lock.lock()
        while let target = downstream {
            if queue.isEmpty, let ending = completion {
                downstream = nil // Let go in the same section: never a second completion.
                completion = nil
                lock.unlock()
                target.receive(completion: ending)
                lock.lock()
                finished = true
                break
            }
            guard !queue.isEmpty, demand > .none else { break }
            demand -= 1
            let value = queue.removeFirst()
            lock.unlock() // The subscriber is never called with the lock held.
            let more = target.receive(value)
            lock.lock()
            demand += more
        }
        isDraining = false
        lock.unlock()
        if finished { gateDidDeliverCompletion() }
    }

    func request(_ more: Subscribers.Demand) {
        guard more > .none else { return }
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += more
        let drains = claimLocked()
        lock.unlock()
        if drains { drain() }
    }

    func cancel() {
        lock.lock()
        guard let released = downstream else {
            lock.unlock()
            return
        }
        downstream = nil // Silence: no value, no completion from here on.
        queue.removeAll()
        completion = nil
        lock.unlock()
        withExtendedLifetime(released) {}
        gateDidCancel()
    }
}

/// A gate that tells the share when its subscriber is done or gone.
fileprivate final class RefCountLink<Upstream: Publisher>: ReplayDemandGate<Upstream.Output, Upstream.Failure> {
    private var share: Publishers.RefCountReplay<Upstream>?

    init(share: Publishers.RefCountReplay<Upstream>, downstream: AnySubscriber<Upstream.Output, Upstream.Failure>,
         capacity: Int, replay: [Upstream.Output], completion: Subscribers.Completion<Upstream.Failure>?) {
        self.share = share
        super.init(downstream: downstream, capacity: capacity, replay: replay, completion: completion)
    }

    private func takeShare() -> Publishers.RefCountReplay<Upstream>? {
        lock.lock()
        defer { lock.unlock() }
        let current = share
        share = nil
        return current
    }

    override func gateDidDeliverCompletion() {
        takeShare()?.linkFinished(self)
    }

    override func gateDidCancel() {
        takeShare()?.linkCancelled(self)
    }
}

/// The share's one subscriber to its upstream, for one connection.
fileprivate final class RefCountTap<Upstream: Publisher>: Subscriber {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let lock = NSLock()
    private weak var share: Publishers.RefCountReplay<Upstream>?
    private let connection: Int
    private var subscription: Subscription?
    private var isCancelled = false

    init(share: Publishers.RefCountReplay<Upstream>, connection: Int) {
        self.share = share
        self.connection = connection
    }

    var wasCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isCancelled
    }

    func receive(subscription newSubscription: Subscription) {
        lock.lock()
        guard !isCancelled, subscription == nil else {
            lock.unlock()
            newSubscription.cancel()
            return
        }
        subscription = newSubscription
        lock.unlock()
        newSubscription.request(.unlimited)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
        lock.lock()
        let target = isCancelled ? nil : share
        lock.unlock()
        target?.relay(input, connection: connection)
        return .none
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
        lock.lock()
        let target = isCancelled ? nil : share
        subscription = nil // Finished: nothing to cancel later.
        share = nil
        lock.unlock()
        target?.complete(completion, connection: connection)
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let current = subscription
        subscription = nil
        share = nil
        lock.unlock()
        current?.cancel()
    }
}

extension Publishers {
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int

        private let lock = NSLock()
        private var links: [RefCountLink<Upstream>] = []
        private var replay: [Output] = []
        private var ending: Subscribers.Completion<Failure>?
        /// Non-nil from the first subscriber until the last one cancels.
        private var tap: RefCountTap<Upstream>?
        private var connection = 0

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = bufferSize
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lock.lock()
            // The replay is copied in the section that registers the link: each value
            // reaches it once, from the copy or from a later relay.
            let link = RefCountLink(share: self, downstream: AnySubscriber(subscriber),
                                    capacity: Swift.max(0, bufferSize), replay: replay, completion: ending)
            links.append(link)
            var toConnect: RefCountTap<Upstream>?
            if tap == nil {
                connection += 1
                let fresh = RefCountTap(share: self, connection: connection)
                tap = fresh
                toConnect = fresh
            }
            lock.unlock()

            link.start()
            if let toConnect, !toConnect.wasCancelled {
                upstream.subscribe(toConnect)
            }
        }

        fileprivate func relay(_ value: Output, connection from: Int) {
            lock.lock()
            guard from == connection, ending == nil else {
                lock.unlock()
                return
            }
            if bufferSize > 0 {
                replay.append(value)
                if replay.count > bufferSize { replay.removeFirst(replay.count - bufferSize) }
            }
            let targets = links
            lock.unlock()
            for link in targets { link.offer(value) }
        }

        fileprivate func complete(_ completion: Subscribers.Completion<Failure>, connection from: Int) {
            lock.lock()
            guard from == connection, ending == nil else {
                lock.unlock()
                return
            }
            ending = completion
            let targets = links
            lock.unlock()
            for link in targets { link.offer(completion: completion) }
        }

        private func removeLocked(_ link: RefCountLink<Upstream>) {
            links.removeAll { $0 === link }
        }

        fileprivate func linkFinished(_ link: RefCountLink<Upstream>) {
            lock.lock()
            removeLocked(link)
            lock.unlock()
        }

        fileprivate func linkCancelled(_ link: RefCountLink<Upstream>) {
            lock.lock()
            removeLocked(link)
            var toCancel: RefCountTap<Upstream>?
            if links.isEmpty {
                // The last subscriber left: disconnect and forget everything.
                toCancel = tap
                tap = nil
                replay.removeAll()
                ending = nil
                connection += 1
            }
            lock.unlock()
            toCancel?.cancel()
        }
    }
}

extension Publisher {
    public func refCountReplay(_ bufferSize: Int) -> Publishers.RefCountReplay<Self> {
        Publishers.RefCountReplay(upstream: self, bufferSize: bufferSize)
    }
}
