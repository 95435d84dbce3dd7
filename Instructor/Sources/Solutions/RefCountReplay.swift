// Reference solution of the RefCountReplay exercise (chapter 05-sharereplay).

import Foundation
import OpenCombineShim

extension Publishers {
    /// Shares one upstream subscription among its subscribers and replays the last
    /// `bufferSize` values (and the completion) to late ones; when the last subscriber
    /// cancels it disconnects, and the next one starts over.
    ///
    /// A class, because every subscriber must see the same connection. Its state sits
    /// behind one lock that is never held while calling out: each method decides under the
    /// lock what to do, then does it after unlocking, so a subscriber may subscribe or
    /// cancel from inside a delivery. Each connection has a number, so values that a
    /// cancelled upstream still sends are recognised and ignored. While connected, the
    /// upstream holds the share (through its subscriber) and each subscription holds it
    /// too; these references end with the connection and the subscriptions, so a pipeline
    /// such as `p.refCountReplay(1).sink { … }` lives as long as it is in use.
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int

        private let lock = NSLock()
        private var connection: Int = 0
        private var isConnected = false
        private var upstreamSubscription: Subscription?
        private var buffer: [Output] = []
        private var completion: Subscribers.Completion<Failure>?
        private var subscriptions: [RefCountReplaySubscription<Output, Failure>] = []

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = Swift.max(0, bufferSize)
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lock.lock()
            let subscription = RefCountReplaySubscription(
                downstream: AnySubscriber(subscriber), replay: buffer, completion: completion,
                onEnd: { self.remove($0, cancelled: $1) })
            subscriptions.append(subscription)
            let connectsNow = !isConnected && completion == nil
            if connectsNow { isConnected = true }
            let number = connection
            lock.unlock()

            subscriber.receive(subscription: subscription)
            subscription.deliver()
            if connectsNow {
                upstream.subscribe(UpstreamSink(
                    receiveSubscription: { self.connected(number, $0) },
                    receiveValue: { self.send(number, $0) },
                    receiveCompletion: { self.complete(number, $0) }))
            }
        }

        private func connected(_ number: Int, _ subscription: Subscription) {
            lock.lock()
            let current = number == connection && isConnected
            if current { upstreamSubscription = subscription }
            lock.unlock()
            if current { subscription.request(.unlimited) } else { subscription.cancel() }
        }

        private func send(_ number: Int, _ value: Output) {
            lock.lock()
            guard number == connection, completion == nil else { return lock.unlock() }
            buffer.append(value)
            if buffer.count > bufferSize { buffer.removeFirst(buffer.count - bufferSize) }
            let targets = subscriptions
            lock.unlock()
            targets.forEach { $0.enqueue(value) }
        }

        private func complete(_ number: Int, _ completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard number == connection, self.completion == nil else { return lock.unlock() }
            self.completion = completion
            upstreamSubscription = nil
            let targets = subscriptions
            lock.unlock()
            targets.forEach { $0.enqueue(completion) }
        }

        /// A subscription ended. The last one to cancel while upstream is live disconnects.
        private func remove(_ subscription: RefCountReplaySubscription<Output, Failure>, cancelled: Bool) {
            lock.lock()
            subscriptions.removeAll { $0 === subscription }
            var disconnected: Subscription?
            if cancelled, subscriptions.isEmpty, completion == nil, isConnected {
                disconnected = upstreamSubscription
                upstreamSubscription = nil
                isConnected = false
                buffer = []
                connection += 1
            }
            lock.unlock()
            disconnected?.cancel()
        }
    }
}

extension Publisher {
    /// Shares and replays the last `bufferSize` values, connected while anyone listens;
    /// see ``Publishers/RefCountReplay``.
    public func refCountReplay(_ bufferSize: Int) -> Publishers.RefCountReplay<Self> {
        Publishers.RefCountReplay(upstream: self, bufferSize: bufferSize)
    }
}

/// The share's own subscriber to its upstream: forwards the three events to closures.
private struct UpstreamSink<Input, Failure: Error>: Subscriber {
    let combineIdentifier = CombineIdentifier()
    let receiveSubscription: (Subscription) -> Void
    let receiveValue: (Input) -> Void
    let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

    func receive(subscription: Subscription) { receiveSubscription(subscription) }
    func receive(_ input: Input) -> Subscribers.Demand {
        receiveValue(input)
        return .none
    }
    func receive(completion: Subscribers.Completion<Failure>) { receiveCompletion(completion) }
}

/// One subscriber's view of the share: a queue of what it has not yet asked for.
///
/// Values and the completion join the queue; ``deliver()`` hands them out as demand allows,
/// the completion once the values before it are gone. Only one caller delivers at a time
/// (the `isDelivering` flag), so a request from inside `receive(_:)` adds demand for the
/// loop already running instead of recursing.
private final class RefCountReplaySubscription<Output, Failure: Error>: Subscription {
    private let lock = NSLock()
    private var downstream: AnySubscriber<Output, Failure>?
    private var queue: [Output]
    private var completion: Subscribers.Completion<Failure>?
    private var demand: Subscribers.Demand = .none
    private var isDelivering = false
    private let onEnd: (RefCountReplaySubscription, _ cancelled: Bool) -> Void

    init(
        downstream: AnySubscriber<Output, Failure>, replay: [Output],
        completion: Subscribers.Completion<Failure>?,
        onEnd: @escaping (RefCountReplaySubscription, _ cancelled: Bool) -> Void
    ) {
        self.downstream = downstream
        self.queue = replay
        self.completion = completion
        self.onEnd = onEnd
    }

    func enqueue(_ value: Output) {
        lock.lock()
        if downstream != nil { queue.append(value) }
        lock.unlock()
        deliver()
    }

    func enqueue(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        self.completion = completion
        lock.unlock()
        deliver()
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        self.demand += demand
        lock.unlock()
        deliver()
    }

    func cancel() {
        lock.lock()
        let wasLive = downstream != nil
        downstream = nil
        queue = []
        lock.unlock()
        if wasLive { onEnd(self, true) }
    }

    func deliver() {
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
            } else if queue.isEmpty, let completion {
                self.downstream = nil
                isDelivering = false
                lock.unlock()
                downstream.receive(completion: completion)
                onEnd(self, false)
                return
            } else {
                break
            }
        }
        isDelivering = false
        lock.unlock()
    }
}
