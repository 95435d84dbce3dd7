import DequeModule
import OpenCombineShim

/// Delivers values and a completion to one downstream subscriber, never faster than it
/// asks for them, from whichever thread produces them.
///
/// Operators that sit between an upstream and a downstream all face the same three
/// problems, so they share this one type (the shape comes from CombineExt):
/// - **Demand.** Values that arrive while the downstream has no demand wait in a queue
///   instead of being delivered anyway.
/// - **Ordering.** A completion waits behind the values queued before it, so nothing
///   buffered is dropped by finishing early.
/// - **Serial delivery.** Values may be offered from several threads, or reentrantly from
///   inside a delivery. Exactly one caller at a time does the delivering (it *drains*);
///   the others enqueue and return. The lock is never held while the downstream is called.
///
/// `capacity` bounds how many values beyond the downstream's demand are kept: when more
/// arrive, the oldest are dropped. Values the downstream has already asked for are never
/// dropped.
final class DemandBuffer<Downstream: Subscriber> {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private let capacity: Int
    private var downstream: Downstream?
    private var queue = Deque<Input>()
    private var completion: Subscribers.Completion<Failure>?
    private var demand = Subscribers.Demand.none
    /// True while one caller delivers. It starts true: nothing may be delivered until
    /// `start(with:)` has handed the downstream its subscription.
    private var isDraining = true
    /// Demand the downstream returned from `receive(_:)` not yet passed on upstream.
    private var demandToForward = Subscribers.Demand.none

    // Plain flags that mirror the state above. The buffer is generic and its callers
    // reach it through Combine's unspecialised `subscribe`, so every question asked of a
    // generic value (`queue.isEmpty`, `completion == nil`) costs a run-time metadata
    // look-up. The hot path asks these instead (see workbook-bench).
    /// False once the downstream has been completed or the buffer cancelled.
    private var isOpen = true
    private var hasCompletion = false
    private var isQueueEmpty = true

    /// - Parameters:
    ///   - downstream: The subscriber to deliver to.
    ///   - capacity: How many values beyond the downstream's demand to keep.
    ///   - queued: Values to deliver first (a replay), as if they had just arrived.
    ///   - completion: A completion to deliver after them.
    init(
        downstream: Downstream,
        capacity: Int = .max,
        queued: Deque<Input> = [],
        completion: Subscribers.Completion<Failure>? = nil
    ) {
        self.downstream = downstream
        self.capacity = capacity
        self.queue = queued
        self.completion = completion
        isQueueEmpty = queued.isEmpty
        hasCompletion = completion != nil
    }

    /// Hands the downstream its subscription, then delivers whatever arrived meanwhile.
    ///
    /// Until this is called the buffer only queues, so a value or a completion that comes
    /// from another thread can never reach the downstream before its subscription does.
    /// Demand the downstream asks for inside `receive(subscription:)` reaches the buffer
    /// through the operator's `request(_:)`, as usual.
    /// - Returns: demand the downstream returned from `receive(_:)` meanwhile.
    @discardableResult
    func start(with subscription: Subscription) -> Subscribers.Demand {
        downstream?.receive(subscription: subscription)
        let first = lock.withLock { nextDelivery() }
        return deliver(first)
    }

    /// Adds demand from the downstream's `request(_:)` and delivers what it allows.
    ///
    /// The caller passes `demand` on upstream itself.
    /// - Returns: extra demand the downstream returned from `receive(_:)` while queued
    ///   values were delivered, to pass on upstream as well.
    func request(_ demand: Subscribers.Demand) -> Subscribers.Demand {
        let first: Delivery = lock.withLock {
            self.demand += demand
            return takeTurn()
        }
        return deliver(first)
    }

    /// Offers one value.
    /// - Returns: demand the downstream granted while values were delivered, to pass on
    ///   upstream (an operator's own `receive(_:)` can return it).
    func receive(_ value: Input) -> Subscribers.Demand {
        lock.lock()
        if !isDraining, isOpen, !hasCompletion, isQueueEmpty, demand > .none, let downstream {
            // The common case: nothing waits and the downstream wants this value. Hand
            // it straight over, without a trip through the queue.
            if demand == .unlimited {
                // Nothing to count, and with nothing queued nobody else can be
                // delivering (the values come from one upstream, one at a time), so
                // there is no role to take and give back either: one critical section.
                lock.unlock()
                _ = downstream.receive(value) // More than unlimited is still unlimited.
                return .none
            }
            isDraining = true
            demand -= .max(1)
            lock.unlock()
            let more = downstream.receive(value)
            lock.lock()
            demand += more
            demandToForward += more
            if isQueueEmpty, !hasCompletion {
                let forward = finishDraining()
                lock.unlock()
                return forward
            }
            let next = nextDelivery() // Something arrived meanwhile.
            lock.unlock()
            return deliver(next)
        }
        lock.unlock()

        let first: Delivery = lock.withLock {
            guard isOpen, !hasCompletion else { return .busy }
            queue.append(value)
            isQueueEmpty = false
            // Keep everything already asked for, plus at most `capacity` more.
            while queue.count > capacity, Subscribers.Demand.max(queue.count) > demand {
                queue.removeFirst()
            }
            // Trimming to a small capacity (0 above all) can empty the queue: the flag
            // must say so, or `nextDelivery()` would never get past it to a completion.
            isQueueEmpty = queue.isEmpty
            return takeTurn()
        }
        return deliver(first)
    }

    /// Offers the completion. It is delivered after the values queued before it.
    func receive(completion: Subscribers.Completion<Failure>) {
        let first: Delivery = lock.withLock {
            guard isOpen, !hasCompletion else { return .busy }
            self.completion = completion
            hasCompletion = true
            return takeTurn()
        }
        _ = deliver(first)
    }

    /// Forgets the downstream and everything queued for it. Sends no completion.
    func cancel() {
        lock.withLock {
            downstream = nil
            isOpen = false
            queue.removeAll()
            isQueueEmpty = true
            completion = nil
        }
    }

    private enum Delivery {
        case value(Input, Downstream)
        case completion(Subscribers.Completion<Failure>, Downstream)
        /// Nothing left to deliver. The delivering role was given up in the same critical
        /// section that found nothing, so a value offered concurrently is never stranded.
        case done(forward: Subscribers.Demand)
        /// Another caller is delivering; it will deliver what we queued.
        case busy
    }

    /// Takes the delivering role if nobody has it. Must be called with the lock held.
    private func takeTurn() -> Delivery {
        guard !isDraining else { return .busy }
        isDraining = true
        return nextDelivery()
    }

    // [excerpt: drain]
    /// Picks what to deliver next. Must be called with the lock held, by the caller
    /// that has the delivering role.
    private func nextDelivery() -> Delivery {
        guard let downstream else { return .done(forward: finishDraining()) }
        if isQueueEmpty {
            guard let completion else { return .done(forward: finishDraining()) }
            self.downstream = nil
            self.completion = nil
            isOpen = false
            return .completion(completion, downstream)
        }
        if demand > .none, let value = queue.popFirst() {
            isQueueEmpty = queue.isEmpty
            demand -= .max(1)
            return .value(value, downstream)
        }
        return .done(forward: finishDraining())
    }

    /// Delivers, without the lock, until there is nothing left that may be delivered.
    private func deliver(_ first: Delivery) -> Subscribers.Demand {
        var delivery = first
        while true {
            switch delivery {
            case let .value(value, downstream):
                let more = downstream.receive(value)
                delivery = lock.withLock {
                    demand += more
                    demandToForward += more
                    return nextDelivery()
                }
            case let .completion(completion, downstream):
                downstream.receive(completion: completion)
                return lock.withLock { finishDraining() }
            case let .done(forward):
                return forward
            case .busy:
                return .none
            }
        }
    }
    // [/excerpt]

    /// Gives up the delivering role and hands back the demand to forward upstream.
    /// Must be called with the lock held.
    private func finishDraining() -> Subscribers.Demand {
        isDraining = false
        let forward = isOpen ? demandToForward : .none
        demandToForward = .none
        return forward
    }
}
