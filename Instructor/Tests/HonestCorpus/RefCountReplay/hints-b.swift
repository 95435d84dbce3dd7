// Honest corpus: RefCountReplay by hints-b. Design: class publisher with locked list/buffer/connection number, one queueing subscription per subscriber, a small .unlimited upstream listener. Followed the hints: yes.

import Foundation
import OpenCombineShim

extension Publishers {
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int

        private let lock = NSLock()
        private var members: [ReplayMember<Upstream>] = []
        private var buffer: [Output] = []
        private var completion: Subscribers.Completion<Failure>?
        private var listener: UpstreamListener<Upstream>?
        private var connectionNumber = 0

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = bufferSize
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lock.lock()
            // Copy the replay in the same critical section that adds the member.
            let member = ReplayMember<Upstream>(
                parent: self,
                downstream: AnySubscriber(subscriber),
                replay: buffer,
                completion: completion)
            var toConnect: UpstreamListener<Upstream>?
            if completion == nil {
                members.append(member)
                if listener == nil {
                    connectionNumber += 1
                    let fresh = UpstreamListener<Upstream>(parent: self, connection: connectionNumber)
                    listener = fresh
                    toConnect = fresh
                }
            }
            lock.unlock()

            subscriber.receive(subscription: member)
            member.start()
            if let toConnect = toConnect {
                upstream.subscribe(toConnect)
            }
        }

        // MARK: from the upstream listener

        fileprivate func relay(_ value: Output, connection: Int) {
            lock.lock()
            guard connection == connectionNumber, listener != nil, completion == nil else {
                lock.unlock()
                return
            }
            if bufferSize > 0 {
                buffer.append(value)
                while buffer.count > bufferSize {
                    buffer.removeFirst()
                }
            }
            let targets = members
            lock.unlock()
            for member in targets {
                member.receive(value)
            }
        }

        fileprivate func relay(completion: Subscribers.Completion<Failure>, connection: Int) {
            lock.lock()
            guard connection == connectionNumber, listener != nil, self.completion == nil else {
                lock.unlock()
                return
            }
            self.completion = completion
            listener = nil
            let targets = members
            members = []
            lock.unlock()
            for member in targets {
                member.receive(completion: completion)
            }
        }

        // MARK: from a member

        fileprivate func remove(_ member: ReplayMember<Upstream>) {
            lock.lock()
            members.removeAll { $0 === member }
            var toCancel: UpstreamListener<Upstream>?
            if members.isEmpty, completion == nil, let connected = listener {
                // The last one left: disconnect and forget the values.
                toCancel = connected
                listener = nil
                buffer = []
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

/// The one subscriber to the upstream: asks for everything and hands it to the parent.
private final class UpstreamListener<Upstream: Publisher>: Subscriber, Cancellable {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let lock = NSLock()
    private var parent: Publishers.RefCountReplay<Upstream>?
    private let connection: Int
    private var subscription: Subscription?
    private var isCancelled = false

    init(parent: Publishers.RefCountReplay<Upstream>, connection: Int) {
        self.parent = parent
        self.connection = connection
    }

    func receive(subscription: Subscription) {
        lock.lock()
        if isCancelled || self.subscription != nil {
            lock.unlock()
            subscription.cancel()
            return
        }
        self.subscription = subscription
        lock.unlock()
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let parent = self.parent
        lock.unlock()
        parent?.relay(input, connection: connection)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let parent = self.parent
        self.parent = nil
        subscription = nil
        lock.unlock()
        parent?.relay(completion: completion, connection: connection)
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        parent = nil
        let subscription = self.subscription
        self.subscription = nil
        lock.unlock()
        subscription?.cancel()
    }
}

/// One per subscriber: its own queue (replay first, then live values) and its own demand.
private final class ReplayMember<Upstream: Publisher>: Subscription {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    private let lock = NSLock()
    private var parent: Publishers.RefCountReplay<Upstream>?
    private var downstream: AnySubscriber<Output, Failure>?
    private var queue: [Output]
    private var completion: Subscribers.Completion<Failure>?
    private var demand = Subscribers.Demand.none
    // True until start(): nothing goes out before the subscriber has its subscription.
    private var isDelivering = true

    init(parent: Publishers.RefCountReplay<Upstream>,
         downstream: AnySubscriber<Output, Failure>,
         replay: [Output],
         completion: Subscribers.Completion<Failure>?) {
        self.parent = completion == nil ? parent : nil
        self.downstream = downstream
        self.queue = replay
        self.completion = completion
    }

    func start() {
        deliver()
    }

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += more
        let shouldDeliver = takeDeliveringRole()
        lock.unlock()
        if shouldDeliver { deliver() }
    }

    func cancel() {
        lock.lock()
        downstream = nil
        queue = []
        completion = nil
        let parent = self.parent
        self.parent = nil
        lock.unlock()
        parent?.remove(self)
    }

    func receive(_ value: Output) {
        lock.lock()
        guard downstream != nil, completion == nil else {
            lock.unlock()
            return
        }
        queue.append(value)
        let shouldDeliver = takeDeliveringRole()
        lock.unlock()
        if shouldDeliver { deliver() }
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard downstream != nil, self.completion == nil else {
            lock.unlock()
            return
        }
        self.completion = completion
        parent = nil
        let shouldDeliver = takeDeliveringRole()
        lock.unlock()
        if shouldDeliver { deliver() }
    }

    /// Called with the lock held.
    private func takeDeliveringRole() -> Bool {
        if isDelivering { return false }
        isDelivering = true
        return true
    }

    /// Only the caller holding the delivering role runs this, without the lock.
    private func deliver() {
        while true {
            lock.lock()
            guard let target = downstream else {
                isDelivering = false
                lock.unlock()
                return
            }
            if queue.isEmpty {
                if let finished = completion {
                    downstream = nil
                    completion = nil
                    isDelivering = false
                    lock.unlock()
                    target.receive(completion: finished)
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
            lock.lock()
            demand += more
            lock.unlock()
        }
    }
}
