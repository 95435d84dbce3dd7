import Foundation
import OpenCombineShim

extension Publishers {
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int

        private let lock = NSLock()
        private var recent: [Output] = []
        private var upstreamCompletion: Subscribers.Completion<Failure>?
        private var members: [ReplayMember<Output, Failure>] = []
        private var isConnected = false
        private var connectionNumber = 0
        private var upstreamSubscription: Subscription?

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = bufferSize
        }

        private func withLock<T>(_ body: () -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body()
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let ticket = ReplayTicket<Output, Failure, S>(downstream: subscriber)
            let connectAs: Int? = withLock {
                ticket.preload(recent, completion: upstreamCompletion)
                if upstreamCompletion != nil { return nil }
                ticket.leave = { [weak self] member in self?.remove(member) }
                members.append(ticket)
                if isConnected { return nil }
                isConnected = true
                connectionNumber += 1
                return connectionNumber
            }
            subscriber.receive(subscription: ticket)
            ticket.start()
            if let connectAs {
                connect(as: connectAs)
            }
        }

        private func connect(as number: Int) {
            upstream.subscribe(UpstreamTap(parent: self, connection: number))
        }

        private func isCurrent(_ connection: Int) -> Bool {
            isConnected && connection == connectionNumber && upstreamCompletion == nil
        }

        fileprivate func attach(_ subscription: Subscription, connection: Int) {
            let accepted: Bool = withLock {
                if isCurrent(connection) && upstreamSubscription == nil {
                    upstreamSubscription = subscription
                    return true
                }
                return false
            }
            if accepted {
                subscription.request(.unlimited)
            } else {
                subscription.cancel()
            }
        }

        fileprivate func relay(_ value: Output, connection: Int) {
            let targets: [ReplayMember<Output, Failure>] = withLock {
                guard isCurrent(connection) else { return [] }
                remember(value)
                return members
            }
            targets.forEach { $0.enqueue(value) }
        }

        private func remember(_ value: Output) {
            recent.append(value)
            let overflow = recent.count - Swift.max(bufferSize, 0)
            if overflow > 0 {
                recent.removeFirst(overflow)
            }
        }

        fileprivate func finish(_ completion: Subscribers.Completion<Failure>, connection: Int) {
            let targets: [ReplayMember<Output, Failure>] = withLock {
                guard isCurrent(connection) else { return [] }
                upstreamCompletion = completion
                upstreamSubscription = nil
                defer { members = [] }
                return members
            }
            targets.forEach { $0.enqueueCompletion(completion) }
        }

        private func remove(_ member: ReplayMember<Output, Failure>) {
            let toCancel: Subscription? = withLock {
                if let index = members.firstIndex(where: { $0 === member }) {
                    members.remove(at: index)
                }
                guard members.isEmpty && upstreamCompletion == nil && isConnected else { return nil }
                let current = upstreamSubscription
                upstreamSubscription = nil
                isConnected = false
                recent = []
                return current
            }
            toCancel?.cancel()
        }
    }
}

extension Publisher {
    public func refCountReplay(_ bufferSize: Int) -> Publishers.RefCountReplay<Self> {
        Publishers.RefCountReplay(upstream: self, bufferSize: bufferSize)
    }
}

private final class UpstreamTap<Upstream: Publisher>: Subscriber {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let combineIdentifier = CombineIdentifier()
    private let parent: Publishers.RefCountReplay<Upstream>
    private let connection: Int

    init(parent: Publishers.RefCountReplay<Upstream>, connection: Int) {
        self.parent = parent
        self.connection = connection
    }

    func receive(subscription: Subscription) {
        parent.attach(subscription, connection: connection)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        parent.relay(input, connection: connection)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        parent.finish(completion, connection: connection)
    }
}

private class ReplayMember<Output, Failure: Error> {
    func enqueue(_ value: Output) {}
    func enqueueCompletion(_ completion: Subscribers.Completion<Failure>) {}
}

private final class ReplayTicket<Output, Failure: Error, Downstream: Subscriber>:
    ReplayMember<Output, Failure>, Subscription
where Downstream.Input == Output, Downstream.Failure == Failure {
    private let lock = NSLock()
    private var downstream: Downstream?
    private var queue: [Output] = []
    private var queueHead = 0
    private var pendingCompletion: Subscribers.Completion<Failure>?
    private var owed: Subscribers.Demand = .none
    private var started = false
    private var isDelivering = false
    var leave: ((ReplayMember<Output, Failure>) -> Void)?

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    func preload(_ replay: [Output], completion: Subscribers.Completion<Failure>?) {
        queue = replay
        pendingCompletion = completion
    }

    func start() {
        lock.lock()
        started = true
        lock.unlock()
        deliver()
    }

    private var isOpen: Bool { downstream != nil && pendingCompletion == nil }

    override func enqueue(_ value: Output) {
        lock.lock()
        let open = isOpen
        if open { queue.append(value) }
        lock.unlock()
        if open { deliver() }
    }

    override func enqueueCompletion(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let open = isOpen
        if open {
            pendingCompletion = completion
            leave = nil
        }
        lock.unlock()
        if open { deliver() }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let live = downstream != nil
        if live { owed += demand }
        lock.unlock()
        if live { deliver() }
    }

    func cancel() {
        lock.lock()
        downstream = nil
        queue = []
        queueHead = 0
        pendingCompletion = nil
        let goodbye = leave
        leave = nil
        lock.unlock()
        goodbye?(self)
    }

    private func popFront() -> Output {
        let value = queue[queueHead]
        queueHead += 1
        if queueHead == queue.count {
            queue = []
            queueHead = 0
        }
        return value
    }

    private var hasQueued: Bool { queueHead < queue.count }

    private func deliver() {
        lock.lock()
        if !started || isDelivering {
            lock.unlock()
            return
        }
        isDelivering = true
        defer {
            isDelivering = false
            lock.unlock()
        }
        while let target = downstream {
            if !hasQueued {
                guard let completion = pendingCompletion else { return }
                downstream = nil
                pendingCompletion = nil
                leave = nil
                lock.unlock()
                target.receive(completion: completion)
                lock.lock()
                return
            }
            guard owed > .none else { return }
            owed -= 1
            let value = popFront()
            lock.unlock()
            let more = target.receive(value)
            lock.lock()
            if downstream != nil {
                owed += more
            }
        }
    }
}
