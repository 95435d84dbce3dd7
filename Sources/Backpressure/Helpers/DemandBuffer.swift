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

    /// Everything that changes, owned by one lock.
    ///
    /// The plain flags mirror the generic fields below them. The buffer is generic, and
    /// its callers reach it through Combine's unspecialised `subscribe`, so every question
    /// asked of a generic value (`queue.isEmpty`, `completion == nil`) costs a run-time
    /// metadata look-up; the hot path asks the flags instead (see workbook-bench). They
    /// come first, so that where they sit in the struct doesn't depend on the generic
    /// types: a field after one of a generic type sits at an offset that is known only
    /// at run time, from the struct's metadata, looked up on every access.
    fileprivate struct State {
        /// True while one caller delivers. It starts true: nothing may be delivered
        /// until `start(with:)` has handed the downstream its subscription.
        var isDraining = true
        /// False once the downstream has been completed or the buffer cancelled.
        var isOpen = true
        var hasCompletion: Bool
        var isQueueEmpty: Bool
        var demand = Subscribers.Demand.none
        /// Demand the downstream returned from `receive(_:)` not yet passed on upstream.
        var demandToForward = Subscribers.Demand.none
        let capacity: Int
        /// Emptied when the downstream is completed or the buffer cancelled. A slot
        /// rather than a `Downstream?` for the same reason as above (see `Slot`).
        var downstream: Slot<Downstream>
        var queue: Deque<Input>
        var completion: Subscribers.Completion<Failure>?

        init(downstream: Downstream, capacity: Int, queue: Deque<Input>, completion: Subscribers.Completion<Failure>?) {
            self.downstream = Slot(downstream)
            self.capacity = capacity
            self.queue = queue
            self.completion = completion
            isQueueEmpty = queue.isEmpty
            hasCompletion = completion != nil
        }
    }

    private let state: LockedState<State>

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
        state = LockedState(State(downstream: downstream, capacity: capacity, queue: queued, completion: completion))
    }

    deinit {
        state.withLock { $0.downstream.deallocate() }
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
        state.withLock { $0.downstream.valueIfFilled }?.receive(subscription: subscription)
        return deliver(state.withLock { $0.nextDelivery() })
    }

    /// Adds demand from the downstream's `request(_:)` and delivers what it allows.
    ///
    /// The caller passes `demand` on upstream itself.
    /// - Returns: extra demand the downstream returned from `receive(_:)` while queued
    ///   values were delivered, to pass on upstream as well.
    func request(_ demand: Subscribers.Demand) -> Subscribers.Demand {
        deliver(state.withLock { state in
            state.demand += demand
            return state.takeTurn()
        })
    }

    /// Offers one value.
    /// - Returns: demand the downstream granted while values were delivered, to pass on
    ///   upstream (an operator's own `receive(_:)` can return it).
    func receive(_ value: Input) -> Subscribers.Demand {
        // The common case: nothing waits and the downstream wants this value. Hand it
        // straight over, without a trip through the queue. The lock is taken by hand so
        // that the downstream can be read in place (see `LockedState.lock()`).
        let state = self.state.lock()
        if !state.pointee.isDraining, state.pointee.isOpen, !state.pointee.hasCompletion,
           state.pointee.isQueueEmpty, state.pointee.demand > .none, state.pointee.downstream.isFilled {
            let downstream = state.pointee.downstream.value
            if state.pointee.demand == .unlimited {
                // Nothing to count, and with nothing queued nobody else can be
                // delivering (the values come from one upstream, one at a time), so
                // there is no role to take and give back either: one critical section.
                self.state.unlock()
                _ = downstream.receive(value) // More than unlimited is still unlimited.
                return .none
            }
            state.pointee.isDraining = true
            state.pointee.demand -= .max(1)
            self.state.unlock()
            return afterDirectDelivery(more: downstream.receive(value))
        }
        self.state.unlock()
        return enqueue(value)
    }

    /// Counts the demand the downstream returned for a value handed straight over, and
    /// gives up the delivering role unless something arrived meanwhile.
    private func afterDirectDelivery(more: Subscribers.Demand) -> Subscribers.Demand {
        var forward = Subscribers.Demand.none
        let isDone: Bool = state.withLock { state in
            state.demand += more
            state.demandToForward += more
            guard state.isQueueEmpty, !state.hasCompletion else { return false }
            forward = state.finishDraining()
            return true
        }
        // Something arrived meanwhile: deliver it, with the role we still have.
        return isDone ? forward : deliver(state.withLock { $0.nextDelivery() })
    }

    /// Queues a value the downstream can't take right now, and delivers if nobody else is.
    @inline(never) // Kept apart so that its generic bookkeeping stays off the fast path.
    private func enqueue(_ value: Input) -> Subscribers.Demand {
        deliver(state.withLock { state in
            guard state.isOpen, !state.hasCompletion else { return .busy }
            state.queue.append(value)
            // Keep everything already asked for, plus at most `capacity` more.
            while state.queue.count > state.capacity, Subscribers.Demand.max(state.queue.count) > state.demand {
                state.queue.removeFirst()
            }
            // Trimming to a small capacity (0 above all) can empty the queue: the flag
            // must say so, or `nextDelivery()` would never get past it to a completion.
            state.isQueueEmpty = state.queue.isEmpty
            return state.takeTurn()
        })
    }

    /// Offers the completion. It is delivered after the values queued before it.
    func receive(completion: Subscribers.Completion<Failure>) {
        _ = deliver(state.withLock { state in
            guard state.isOpen, !state.hasCompletion else { return .busy }
            state.completion = completion
            state.hasCompletion = true
            return state.takeTurn()
        })
    }

    /// Forgets the downstream and everything queued for it. Sends no completion.
    func cancel() {
        // Released after the lock: releasing the downstream may run its deinit.
        let released: (Downstream?, Deque<Input>) = state.withLock { state in
            defer {
                state.isOpen = false
                state.queue = []
                state.isQueueEmpty = true
                state.completion = nil
            }
            return (state.downstream.take(), state.queue)
        }
        withExtendedLifetime(released) {}
    }

    fileprivate enum Delivery {
        case value(Input, Downstream)
        case completion(Subscribers.Completion<Failure>, Downstream)
        /// Nothing left to deliver. The delivering role was given up in the same critical
        /// section that found nothing, so a value offered concurrently is never stranded.
        case done(forward: Subscribers.Demand)
        /// Another caller is delivering; it will deliver what we queued.
        case busy
    }

    // [excerpt: deliver]
    /// Delivers, without the lock, until there is nothing left that may be delivered.
    private func deliver(_ first: Delivery) -> Subscribers.Demand {
        var delivery = first
        while true {
            switch delivery {
            case let .value(value, downstream):
                let more = downstream.receive(value)
                delivery = state.withLock { state in
                    state.demand += more
                    state.demandToForward += more
                    return state.nextDelivery()
                }
            case let .completion(completion, downstream):
                downstream.receive(completion: completion)
                return state.withLock { $0.finishDraining() }
            case let .done(forward):
                return forward
            case .busy:
                return .none
            }
        }
    }
    // [/excerpt]
}

extension DemandBuffer.State {
    /// Takes the delivering role if nobody has it.
    fileprivate mutating func takeTurn() -> DemandBuffer.Delivery {
        guard !isDraining else { return .busy }
        isDraining = true
        return nextDelivery()
    }

    // [excerpt: drain]
    /// Picks what to deliver next. Called by the caller that has the delivering role.
    fileprivate mutating func nextDelivery() -> DemandBuffer.Delivery {
        guard let downstream = downstream.valueIfFilled else { return .done(forward: finishDraining()) }
        if isQueueEmpty {
            guard let completion else { return .done(forward: finishDraining()) }
            _ = self.downstream.take() // Delivered below, then released.
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
    // [/excerpt]

    /// Gives up the delivering role and hands back the demand to forward upstream.
    fileprivate mutating func finishDraining() -> Subscribers.Demand {
        isDraining = false
        let forward = isOpen ? demandToForward : .none
        demandToForward = .none
        return forward
    }
}
