// Honest corpus: RefCountReplay by states-d. Design: the publisher's shared phase is an enum (dormant / live with feed, recent values and outlets / ended with the completion) behind an NSLock; each subscriber's outlet has its own enum life and delivery loop; nothing is called with a lock held. Followed the hints: no.

import Foundation
import OpenCombineShim

extension Publishers {
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int

        /// The shared part, one for all subscribers.
        private enum Phase {
            /// Nobody subscribed, nothing remembered.
            case dormant
            /// Subscribed upstream through `feed`; `recent` holds the latest values.
            case live(ReplayFeed<Upstream>, recent: [Output], outlets: [ReplayOutlet<Output, Failure>])
            /// Upstream completed; `recent` and the completion are replayed to newcomers.
            case ended(recent: [Output], Subscribers.Completion<Failure>, outlets: [ReplayOutlet<Output, Failure>])
        }

        private let mutex = NSLock()
        private var phase = Phase.dormant

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = bufferSize
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let keep = Swift.max(0, bufferSize)
            mutex.lock()
            let outlet: ReplayLink<Upstream, S>
            var toConnect: ReplayFeed<Upstream>?
            // The replay is copied in the same critical section that registers the outlet,
            // so every value reaches it exactly once: in the copy, or later from relay.
            switch phase {
            case .dormant:
                let feed = ReplayFeed(hub: self)
                outlet = ReplayLink(hub: self, downstream: subscriber, capacity: keep, replay: [], completion: nil)
                phase = .live(feed, recent: [], outlets: [outlet])
                toConnect = feed
            case let .live(feed, recent, outlets):
                outlet = ReplayLink(hub: self, downstream: subscriber, capacity: keep, replay: recent, completion: nil)
                phase = .live(feed, recent: recent, outlets: outlets + [outlet])
            case let .ended(recent, completion, outlets):
                outlet = ReplayLink(hub: self, downstream: subscriber, capacity: keep, replay: recent, completion: completion)
                phase = .ended(recent: recent, completion, outlets: outlets + [outlet])
            }
            mutex.unlock()

            outlet.start()
            if let feed = toConnect, feed.isWaiting {
                upstream.subscribe(feed) // Once per connection, outside the lock.
            }
        }

        // MARK: from the feed

        fileprivate func relay(_ value: Output, from feed: ReplayFeed<Upstream>) {
            mutex.lock()
            var targets: [ReplayOutlet<Output, Failure>] = []
            switch phase {
            case .live(let current, var recent, let outlets) where current === feed:
                phase = .dormant // Placeholder, so `recent` is not copied as it changes.
                if bufferSize > 0 {
                    recent.append(value)
                    if recent.count > bufferSize { recent.removeFirst(recent.count - bufferSize) }
                }
                phase = .live(current, recent: recent, outlets: outlets)
                targets = outlets
            case .live, .dormant, .ended:
                break // From a connection that has been cut.
            }
            mutex.unlock()
            for outlet in targets { outlet.push(value) }
        }

        fileprivate func conclude(_ completion: Subscribers.Completion<Failure>, from feed: ReplayFeed<Upstream>) {
            mutex.lock()
            var targets: [ReplayOutlet<Output, Failure>] = []
            switch phase {
            case let .live(current, recent, outlets) where current === feed:
                phase = .ended(recent: recent, completion, outlets: outlets)
                targets = outlets
            case .live, .dormant, .ended:
                break
            }
            mutex.unlock()
            for outlet in targets { outlet.push(completion: completion) }
        }

        // MARK: from the outlets

        /// Removes an outlet. When the last one leaves by cancelling, upstream is cancelled
        /// and everything is forgotten.
        fileprivate func detach(_ outlet: ReplayOutlet<Output, Failure>, cancelled: Bool) {
            mutex.lock()
            var toCut: ReplayFeed<Upstream>?
            switch phase {
            case let .live(feed, recent, outlets):
                let rest = outlets.filter { $0 !== outlet }
                if cancelled, rest.isEmpty {
                    phase = .dormant
                    toCut = feed
                } else {
                    phase = .live(feed, recent: recent, outlets: rest)
                }
            case let .ended(recent, completion, outlets):
                let rest = outlets.filter { $0 !== outlet }
                if cancelled, rest.isEmpty {
                    phase = .dormant
                } else {
                    phase = .ended(recent: recent, completion, outlets: rest)
                }
            case .dormant:
                break
            }
            mutex.unlock()
            toCut?.cut()
        }
    }
}

extension Publisher {
    public func refCountReplay(_ bufferSize: Int) -> Publishers.RefCountReplay<Self> {
        Publishers.RefCountReplay(upstream: self, bufferSize: bufferSize)
    }
}

/// The one subscriber to upstream, for one connection.
private final class ReplayFeed<Upstream: Publisher>: Subscriber {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private enum Life {
        case waiting(Publishers.RefCountReplay<Upstream>)
        case attached(Publishers.RefCountReplay<Upstream>, Subscription)
        /// Completed, or cut because the last subscriber left.
        case cut
    }

    private let mutex = NSLock()
    private var life: Life

    init(hub: Publishers.RefCountReplay<Upstream>) {
        life = .waiting(hub)
    }

    var isWaiting: Bool {
        mutex.lock()
        defer { mutex.unlock() }
        switch life {
        case .waiting: return true
        case .attached, .cut: return false
        }
    }

    func receive(subscription: Subscription) {
        mutex.lock()
        switch life {
        case let .waiting(hub):
            life = .attached(hub, subscription)
            mutex.unlock()
            subscription.request(.unlimited)
        case .attached, .cut:
            mutex.unlock()
            subscription.cancel()
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        mutex.lock()
        switch life {
        case let .attached(hub, _):
            mutex.unlock()
            hub.relay(input, from: self)
        case .waiting, .cut:
            mutex.unlock()
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        mutex.lock()
        switch life {
        case let .attached(hub, _), let .waiting(hub):
            life = .cut
            mutex.unlock()
            hub.conclude(completion, from: self)
        case .cut:
            mutex.unlock()
        }
    }

    func cut() {
        mutex.lock()
        switch life {
        case let .attached(_, subscription):
            life = .cut
            mutex.unlock()
            subscription.cancel()
        case .waiting:
            life = .cut
            mutex.unlock()
        case .cut:
            mutex.unlock()
        }
    }
}

/// What the shared part sees of one subscriber's subscription.
private class ReplayOutlet<Output, Failure: Error>: Subscription {
    func push(_ value: Output) {}
    func push(completion: Subscribers.Completion<Failure>) {}
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}

/// A first-in first-out list with O(1) removal from the front.
private struct Backlog<Element> {
    private var items: [Element] = []
    private var head = 0

    init(_ items: [Element]) { self.items = items }

    var count: Int { items.count - head }
    var isEmpty: Bool { head == items.count }

    mutating func push(_ element: Element) { items.append(element) }

    mutating func pop() -> Element {
        let element = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return element
    }
}

/// One subscriber's subscription: its own demand, its own queue of waiting values.
private final class ReplayLink<Upstream: Publisher, Downstream: Subscriber>:
    ReplayOutlet<Upstream.Output, Upstream.Failure>
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    private struct Flow {
        var downstream: Downstream
        var waiting: Backlog<Output>
        var completion: Subscribers.Completion<Failure>?
        var credit = Subscribers.Demand.none
        var delivering: Bool
    }

    private enum Life {
        /// Registered, but the downstream has not been handed its subscription yet.
        case unstarted(Flow)
        case flowing(Flow)
        /// Completed or cancelled: nothing more goes out.
        case closed
    }

    private enum Move {
        case deliver(Output, to: Downstream)
        case complete(Downstream, Subscribers.Completion<Failure>)
        case stop
    }

    private let hub: Publishers.RefCountReplay<Upstream>
    private let capacity: Int
    private let mutex = NSLock()
    private var life: Life

    init(hub: Publishers.RefCountReplay<Upstream>, downstream: Downstream, capacity: Int,
         replay: [Output], completion: Subscribers.Completion<Failure>?) {
        self.hub = hub
        self.capacity = capacity
        life = .unstarted(Flow(downstream: downstream, waiting: Backlog(replay),
                               completion: completion, delivering: true))
    }

    /// Hands the downstream its subscription, then delivers what it allows.
    func start() {
        mutex.lock()
        let downstream: Downstream
        switch life {
        case let .unstarted(flow):
            life = .flowing(flow) // Still `delivering`: nothing goes out until it has its subscription.
            downstream = flow.downstream
        case .flowing, .closed:
            mutex.unlock()
            return
        }
        mutex.unlock()
        downstream.receive(subscription: self)
        deliver()
    }

    override func push(_ value: Output) {
        mutex.lock()
        let deliverHere: Bool
        switch life {
        case .unstarted(var flow):
            life = .closed
            store(value, in: &flow)
            life = .unstarted(flow)
            deliverHere = false
        case .flowing(var flow) where flow.completion == nil:
            life = .closed
            store(value, in: &flow)
            deliverHere = !flow.delivering
            flow.delivering = true
            life = .flowing(flow)
        case .flowing, .closed:
            deliverHere = false
        }
        mutex.unlock()
        if deliverHere { deliver() }
    }

    override func push(completion: Subscribers.Completion<Failure>) {
        mutex.lock()
        let deliverHere: Bool
        switch life {
        case .unstarted(var flow):
            flow.completion = completion
            life = .unstarted(flow)
            deliverHere = false
        case .flowing(var flow) where flow.completion == nil:
            flow.completion = completion
            deliverHere = !flow.delivering
            flow.delivering = true
            life = .flowing(flow)
        case .flowing, .closed:
            deliverHere = false
        }
        mutex.unlock()
        if deliverHere { deliver() }
    }

    override func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        mutex.lock()
        let deliverHere: Bool
        switch life {
        case .flowing(var flow):
            life = .closed
            flow.credit += demand
            deliverHere = !flow.delivering
            flow.delivering = true
            life = .flowing(flow)
        case .unstarted(var flow):
            flow.credit += demand
            life = .unstarted(flow)
            deliverHere = false
        case .closed:
            deliverHere = false
        }
        mutex.unlock()
        if deliverHere { deliver() }
    }

    override func cancel() {
        mutex.lock()
        switch life {
        case .unstarted, .flowing:
            life = .closed // Silence: no completion for a subscriber that cancelled.
            mutex.unlock()
            hub.detach(self, cancelled: true)
        case .closed:
            mutex.unlock()
        }
    }

    /// Keeps what the downstream asked for, and at most `capacity` values more.
    private func store(_ value: Output, in flow: inout Flow) {
        flow.waiting.push(value)
        while flow.waiting.count > capacity, .max(flow.waiting.count) > flow.credit {
            _ = flow.waiting.pop()
        }
    }

    /// Delivers while allowed; only the caller that set `delivering` runs it, without the lock.
    private func deliver() {
        while true {
            mutex.lock()
            let move: Move
            switch life {
            case .flowing(var flow):
                life = .closed
                if !flow.waiting.isEmpty, flow.credit > .none {
                    flow.credit -= 1
                    move = .deliver(flow.waiting.pop(), to: flow.downstream)
                    life = .flowing(flow)
                } else if flow.waiting.isEmpty, let completion = flow.completion {
                    move = .complete(flow.downstream, completion) // Behind every waiting value.
                } else {
                    flow.delivering = false
                    move = .stop
                    life = .flowing(flow)
                }
            case .unstarted, .closed:
                move = .stop
            }
            mutex.unlock()

            switch move {
            case let .deliver(value, downstream):
                let more = downstream.receive(value)
                guard more > .none else { continue }
                mutex.lock()
                switch life {
                case .flowing(var flow):
                    life = .closed
                    flow.credit += more
                    life = .flowing(flow)
                case .unstarted, .closed:
                    break
                }
                mutex.unlock()
            case let .complete(downstream, completion):
                downstream.receive(completion: completion)
                hub.detach(self, cancelled: false)
                return
            case .stop:
                return
            }
        }
    }
}
