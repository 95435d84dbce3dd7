// Honest corpus: MyMerge by states-d. Design: a hub subscription whose life is an enum (open gate / closed) plus two lane subscribers with their own enum life (unattached with owed demand / attached / gone); one caller at a time delivers, never under a lock. Followed the hints: no.

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
            let hub = MergeHub(downstream: subscriber)
            subscriber.receive(subscription: hub)
            guard hub.isOpen else { return } // Cancelled while taking its subscription.
            first.subscribe(hub.lane(0))
            second.subscribe(hub.lane(1))
        }
    }
}

extension Publisher {
    public func myMerge<Other: Publisher>(with other: Other) -> Publishers.MyMerge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.MyMerge(first: self, second: other)
    }
}

/// A first-in first-out list with O(1) removal from the front.
private struct Backlog<Element> {
    private var items: [Element] = []
    private var head = 0

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

/// The downstream's subscription: merges two lanes through one demand-keeping gate.
private final class MergeHub<Downstream: Subscriber>: Subscription {
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    /// Everything the open hub keeps.
    private struct Gate {
        var downstream: Downstream
        var credit = Subscribers.Demand.none
        var backlog = Backlog<Output>()
        var finishedLanes = 0
        var failure: Failure?
        /// Whether some caller is in the delivery loop.
        var delivering = false
    }

    private enum Life {
        case open(Gate)
        /// Completed or cancelled: nothing is kept.
        case closed
    }

    /// One step of the delivery loop, decided under the lock.
    private enum Move {
        case deliver(Output, to: Downstream)
        case complete(Downstream, Subscribers.Completion<Failure>)
        case stop
    }

    private let mutex = NSLock()
    private var life: Life
    private var lanes: [MergeLane<Downstream>] = []

    init(downstream: Downstream) {
        life = .open(Gate(downstream: downstream))
        lanes = [MergeLane(index: 0, hub: self), MergeLane(index: 1, hub: self)]
    }

    func lane(_ index: Int) -> MergeLane<Downstream> { lanes[index] }

    var isOpen: Bool {
        mutex.lock()
        defer { mutex.unlock() }
        switch life {
        case .open: return true
        case .closed: return false
        }
    }

    // MARK: downstream side

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        mutex.lock()
        let deliverHere: Bool
        switch life {
        case .open(var gate):
            life = .closed // Placeholder while the gate changes, so its backlog is not copied.
            gate.credit += demand
            deliverHere = !gate.delivering
            gate.delivering = true
            life = .open(gate)
        case .closed:
            mutex.unlock()
            return
        }
        mutex.unlock()
        let extra = deliverHere ? deliver() : .none
        for lane in lanes { lane.ask(demand + extra) } // What the downstream asks for, both asked.
    }

    func cancel() {
        mutex.lock()
        switch life {
        case .open:
            life = .closed
            mutex.unlock()
            for lane in lanes { lane.shut() }
        case .closed:
            mutex.unlock()
        }
    }

    // MARK: lane side

    /// A value from lane `index`. Returns the demand for that lane to return upstream.
    func offer(_ value: Output, from index: Int) -> Subscribers.Demand {
        mutex.lock()
        let deliverHere: Bool
        switch life {
        case .open(var gate):
            life = .closed
            gate.backlog.push(value)
            deliverHere = !gate.delivering
            gate.delivering = true
            life = .open(gate)
        case .closed:
            mutex.unlock()
            return .none
        }
        mutex.unlock()
        guard deliverHere else { return .none } // Whoever is delivering will hand it over.
        let extra = deliver()
        if extra > .none { lanes[1 - index].ask(extra) }
        return extra
    }

    func laneEnded(_ index: Int, with completion: Subscribers.Completion<Failure>) {
        mutex.lock()
        let deliverHere: Bool
        var other: MergeLane<Downstream>?
        switch life {
        case .open(var gate):
            life = .closed
            switch completion {
            case .finished:
                gate.finishedLanes += 1
            case let .failure(error):
                if gate.failure == nil { gate.failure = error }
                other = lanes[1 - index]
            }
            deliverHere = !gate.delivering
            gate.delivering = true
            life = .open(gate)
        case .closed:
            mutex.unlock()
            return
        }
        mutex.unlock()
        other?.shut() // A failure cancels the other upstream at once.
        guard deliverHere else { return }
        let extra = deliver()
        if extra > .none { for lane in lanes { lane.ask(extra) } }
    }

    // MARK: delivery

    /// Delivers while allowed. Only the caller that set `delivering` runs it, without the lock.
    /// Returns the demand the downstream returned meanwhile, still to be passed upstream.
    private func deliver() -> Subscribers.Demand {
        var extra = Subscribers.Demand.none
        while true {
            mutex.lock()
            let move: Move
            switch life {
            case .open(var gate):
                life = .closed
                if let failure = gate.failure {
                    move = .complete(gate.downstream, .failure(failure)) // At once: waiting values are dropped.
                } else if gate.backlog.isEmpty, gate.finishedLanes == 2 {
                    move = .complete(gate.downstream, .finished)
                } else if !gate.backlog.isEmpty, gate.credit > .none {
                    gate.credit -= 1
                    move = .deliver(gate.backlog.pop(), to: gate.downstream)
                    life = .open(gate)
                } else {
                    gate.delivering = false // Given up in the same section that found nothing to do.
                    move = .stop
                    life = .open(gate)
                }
            case .closed:
                move = .stop
            }
            mutex.unlock()

            switch move {
            case let .deliver(value, downstream):
                let more = downstream.receive(value)
                guard more > .none else { continue }
                extra += more
                mutex.lock()
                switch life {
                case .open(var gate):
                    life = .closed
                    gate.credit += more
                    life = .open(gate)
                case .closed:
                    break // Cancelled from inside receive(_:).
                }
                mutex.unlock()
            case let .complete(downstream, completion):
                downstream.receive(completion: completion)
                for lane in lanes { lane.shut() }
                return .none
            case .stop:
                return extra
            }
        }
    }
}

/// The subscriber in front of one upstream.
private final class MergeLane<Downstream: Subscriber>: Subscriber {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private enum Life {
        /// No subscription yet; `owed` is demand to pass on when it comes.
        case unattached(MergeHub<Downstream>, owed: Subscribers.Demand)
        case attached(MergeHub<Downstream>, Subscription)
        /// Completed, or shut by the hub.
        case gone
    }

    private let index: Int
    private let mutex = NSLock()
    private var life: Life

    init(index: Int, hub: MergeHub<Downstream>) {
        self.index = index
        life = .unattached(hub, owed: .none)
    }

    func receive(subscription: Subscription) {
        mutex.lock()
        switch life {
        case let .unattached(hub, owed):
            life = .attached(hub, subscription)
            mutex.unlock()
            if owed > .none { subscription.request(owed) }
        case .attached, .gone:
            mutex.unlock()
            subscription.cancel()
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        mutex.lock()
        switch life {
        case let .attached(hub, _):
            mutex.unlock()
            return hub.offer(input, from: index)
        case .unattached, .gone:
            mutex.unlock()
            return .none
        }
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        mutex.lock()
        switch life {
        case let .attached(hub, _), let .unattached(hub, _):
            life = .gone
            mutex.unlock()
            hub.laneEnded(index, with: completion)
        case .gone:
            mutex.unlock()
        }
    }

    /// Asks the upstream for more, now or once its subscription arrives.
    func ask(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        mutex.lock()
        switch life {
        case let .unattached(hub, owed):
            life = .unattached(hub, owed: owed + demand)
            mutex.unlock()
        case let .attached(_, subscription):
            mutex.unlock()
            subscription.request(demand)
        case .gone:
            mutex.unlock()
        }
    }

    /// Cancels the upstream (or refuses it when it comes) and lets go of the hub.
    func shut() {
        mutex.lock()
        switch life {
        case let .attached(_, subscription):
            life = .gone
            mutex.unlock()
            subscription.cancel()
        case .unattached:
            life = .gone
            mutex.unlock()
        case .gone:
            mutex.unlock()
        }
    }
}
