// RefCountReplay.swift
// Chapter 5 exercise: share + replay, but disconnect when the last subscriber leaves.
//
// Notes to self:
//  - the publisher has to be a class (shared state!)
//  - each subscriber gets its own "ticket" with its own queue & demand
//  - lock everything, but never call out while holding the lock
import Foundation
import OpenCombineShim

extension Publishers {
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int

        // MARK: shared state (guarded by `lock`)

        private let lock = NSLock()
        private var recent: [Output] = []          // the replay buffer (last `bufferSize` values)
        private var upstreamCompletion: Subscribers.Completion<Failure>?
        private var members: [ReplayMember<Output, Failure>] = []
        private var isConnected = false
        private var connectionNumber = 0           // bumped on every (re)connect
        private var upstreamSubscription: Subscription?

        /// How many times we subscribed to upstream. Only for diagnostics.
        public private(set) var connectCount = 0
        /// Flip on to see connects / disconnects in the console.
        private let traceEnabled = false

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = bufferSize
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let ticket = ReplayTicket<Output, Failure, S>(downstream: subscriber)
            lock.lock()
            // Copy the replay and join the list in one critical section, so each
            // value reaches this subscriber exactly once (no gap, no duplicate).
            ticket.preload(recent, completion: upstreamCompletion)
            var connectAs: Int?
            if upstreamCompletion == nil {
                ticket.leave = { [weak self] member in self?.remove(member) }
                members.append(ticket)
                if !isConnected {
                    isConnected = true
                    connectionNumber += 1
                    connectAs = connectionNumber
                    connectCount += 1
                }
            }
            lock.unlock()

            subscriber.receive(subscription: ticket)
            ticket.start()
            if let number = connectAs {
                trace("connecting #\(number)")
                upstream.subscribe(UpstreamTap(parent: self, connection: number))
            }
        }

        // MARK: Upstream side

        fileprivate func attach(_ subscription: Subscription, connection: Int) {
            lock.lock()
            guard isConnected, connection == connectionNumber, upstreamSubscription == nil,
                  upstreamCompletion == nil else {
                lock.unlock()
                subscription.cancel()
                return
            }
            upstreamSubscription = subscription
            lock.unlock()
            subscription.request(.unlimited)
        }

        fileprivate func relay(_ value: Output, connection: Int) {
            lock.lock()
            guard isConnected, connection == connectionNumber, upstreamCompletion == nil else {
                lock.unlock()
                return
            }
            recent.append(value)
            // NB: inside a Publisher `max` means Publisher.max, hence Swift.max
            let keep = Swift.max(bufferSize, 0)
            if recent.count > keep {
                recent.removeFirst(recent.count - keep)
            }
            let targets = members
            lock.unlock()
            for member in targets {
                member.enqueue(value)
            }
        }

        fileprivate func finish(_ completion: Subscribers.Completion<Failure>, connection: Int) {
            lock.lock()
            guard isConnected, connection == connectionNumber, upstreamCompletion == nil else {
                lock.unlock()
                return
            }
            upstreamCompletion = completion
            upstreamSubscription = nil
            let targets = members
            members = []
            lock.unlock()
            for member in targets {
                member.enqueueCompletion(completion)
            }
        }

        // MARK: Subscriber side

        private func remove(_ member: ReplayMember<Output, Failure>) {
            lock.lock()
            members.removeAll { $0 === member }
            var toCancel: Subscription?
            if members.isEmpty, upstreamCompletion == nil, isConnected {
                toCancel = upstreamSubscription
                upstreamSubscription = nil
                isConnected = false
                recent = []
            }
            lock.unlock()
            if toCancel != nil {
                trace("last subscriber left, disconnecting")
            }
            toCancel?.cancel()
        }

        // MARK: Debug

        private func trace(_ message: @autoclosure () -> String) {
            guard traceEnabled else { return }
            Swift.print("[RefCountReplay] \(message())")
        }
    }
}

extension Publisher {
    public func refCountReplay(_ bufferSize: Int) -> Publishers.RefCountReplay<Self> {
        Publishers.RefCountReplay(upstream: self, bufferSize: bufferSize)
    }
}

/// The small subscriber that listens to upstream for one numbered connection.
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

/// What the shared publisher sees of one subscriber, whatever its concrete type.
/// (A base class and not a protocol so we can compare with === in remove.)
private class ReplayMember<Output, Failure: Error> {
    func enqueue(_ value: Output) {}
    func enqueueCompletion(_ completion: Subscribers.Completion<Failure>) {}
}

/// One subscriber's subscription: its own queue, its own demand.
private final class ReplayTicket<Output, Failure: Error, Downstream: Subscriber>:
    ReplayMember<Output, Failure>, Subscription
where Downstream.Input == Output, Downstream.Failure == Failure {
    private let lock = NSLock()
    private var downstream: Downstream?
    private var queue: [Output] = []
    private var queueHead = 0      // index of the next value to send (avoids removeFirst)
    private var pendingCompletion: Subscribers.Completion<Failure>?
    private var owed: Subscribers.Demand = .none
    private var started = false
    private var isDelivering = false   // re-entrancy gate
    /// Values sent so far (debugging aid).
    private var sentCount = 0
    /// Set by the publisher while this ticket is in its list; called once on cancel.
    var leave: ((ReplayMember<Output, Failure>) -> Void)?

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    /// Called under the publisher's lock, before anyone else can see this ticket.
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

    override func enqueue(_ value: Output) {
        lock.lock()
        guard downstream != nil, pendingCompletion == nil else {
            lock.unlock()
            return
        }
        queue.append(value)
        lock.unlock()
        deliver()
    }

    override func enqueueCompletion(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard downstream != nil, pendingCompletion == nil else {
            lock.unlock()
            return
        }
        pendingCompletion = completion
        leave = nil
        lock.unlock()
        deliver()
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        owed += demand
        lock.unlock()
        deliver()
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

    private func deliver() {
        lock.lock()
        guard started, !isDelivering else {
            lock.unlock()
            return
        }
        isDelivering = true
        while let target = downstream {
            if owed > .none, queueHead < queue.count {
                let value = queue[queueHead]
                queueHead += 1
                if queueHead == queue.count {
                    queue = []
                    queueHead = 0
                }
                owed -= 1
                sentCount += 1
                lock.unlock()
                let more = target.receive(value)
                lock.lock()
                if downstream != nil {
                    owed += more
                }
            } else if queueHead == queue.count, let completion = pendingCompletion {
                downstream = nil
                pendingCompletion = nil
                leave = nil
                isDelivering = false
                lock.unlock()
                target.receive(completion: completion)
                return
            } else {
                // no demand or nothing queued: wait for the next request/enqueue
                break
            }
        }
        isDelivering = false
        lock.unlock()
    }

    /// Whether this ticket still has a subscriber (unused by the logic, handy in tests).
    var isActive: Bool {
        lock.lock()
        defer { lock.unlock() }
        return downstream != nil
    }
}
