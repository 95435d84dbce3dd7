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
        /// A `ReplayRing` with no limit rather than a `Deque`, for the same reason again:
        /// each call into `Deque` looks up `Deque<Input>`'s metadata (see `ReplayRing`).
        var queue: ReplayRing<Input>
        var completion: Subscribers.Completion<Failure>?

        init(downstream: Downstream, capacity: Int, queue: ReplayRing<Input>, completion: Subscribers.Completion<Failure>?) {
            self.downstream = Slot(downstream)
            self.capacity = capacity
            self.queue = queue
            self.completion = completion
            isQueueEmpty = queue.count == 0
            hasCompletion = completion != nil
        }
    }

    private let state: LockedState<State>

    /// - Parameters:
    ///   - downstream: The subscriber to deliver to.
    ///   - capacity: How many values beyond the downstream's demand to keep.
    ///   - queued: Values to deliver first (a replay), as if they had just arrived. The
    ///     buffer takes the ring over (it must have no limit) and deallocates it.
    ///   - completion: A completion to deliver after them.
    init(
        downstream: Downstream,
        capacity: Int = .max,
        queued: ReplayRing<Input> = ReplayRing(limit: .max),
        completion: Subscribers.Completion<Failure>? = nil
    ) {
        precondition(queued.limit == .max, "a demand buffer's queue has no limit of its own")
        state = LockedState(State(downstream: downstream, capacity: capacity, queue: queued, completion: completion))
    }

    deinit {
        state.withLock { state in
            state.downstream.deallocate()
            state.queue.deallocate()
        }
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
        return drain(state.lock()) // The role is ours from the start.
    }

    /// Adds demand from the downstream's `request(_:)` and delivers what it allows.
    ///
    /// The caller passes `demand` on upstream itself.
    /// - Returns: extra demand the downstream returned from `receive(_:)` while queued
    ///   values were delivered, to pass on upstream as well.
    func request(_ demand: Subscribers.Demand) -> Subscribers.Demand {
        let state = self.state.lock()
        state.pointee.demand += demand
        return takeTurn(state)
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
            let more = downstream.receive(value)
            // Count what it asked for, and deliver whatever arrived meanwhile, with the
            // role we still have.
            return drain(adding: more, to: self.state.lock())
        }
        return enqueue(value, state)
    }

    /// Queues a value the downstream can't take right now, and delivers if nobody else is.
    /// Called with the lock held; releases it.
    @inline(never) // Kept apart so that its bookkeeping stays off the fast path.
    private func enqueue(_ value: Input, _ state: UnsafeMutablePointer<State>) -> Subscribers.Demand {
        guard state.pointee.isOpen, !state.pointee.hasCompletion else {
            self.state.unlock()
            return .none
        }
        state.pointee.queue.append(value)
        // Keep everything already asked for, plus at most `capacity` more.
        while state.pointee.queue.count > state.pointee.capacity,
              Subscribers.Demand.max(state.pointee.queue.count) > state.pointee.demand {
            _ = state.pointee.queue.removeFirst()
        }
        // Trimming to a small capacity (0 above all) can empty the queue: the flag must
        // say so, or `drain` would never get past it to a completion.
        state.pointee.isQueueEmpty = state.pointee.queue.count == 0
        return takeTurn(state)
    }

    /// Offers the completion. It is delivered after the values queued before it.
    func receive(completion: Subscribers.Completion<Failure>) {
        let state = self.state.lock()
        guard state.pointee.isOpen, !state.pointee.hasCompletion else {
            self.state.unlock()
            return
        }
        state.pointee.completion = completion
        state.pointee.hasCompletion = true
        _ = takeTurn(state)
    }

    /// Forgets the downstream and everything queued for it. Sends no completion.
    func cancel() {
        // Released after the lock: releasing the downstream or a value may run a deinit.
        let (downstream, queued): (Downstream?, ReplayRing<Input>) = state.withLock { state in
            defer {
                state.isOpen = false
                state.queue = ReplayRing(limit: 0) // Nothing is queued once closed.
                state.isQueueEmpty = true
                state.completion = nil
            }
            return (state.downstream.take(), state.queue)
        }
        var queue = queued
        queue.deallocate()
        withExtendedLifetime(downstream) {}
    }

    /// Takes the delivering role if nobody has it, and delivers. Called with the lock
    /// held; releases it.
    private func takeTurn(_ state: UnsafeMutablePointer<State>) -> Subscribers.Demand {
        guard !state.pointee.isDraining else {
            self.state.unlock() // Another caller is delivering; it will deliver what we queued.
            return .none
        }
        state.pointee.isDraining = true
        return drain(state)
    }

    /// Counts the demand the downstream returned from a value, then drains.
    private func drain(adding more: Subscribers.Demand, to state: UnsafeMutablePointer<State>) -> Subscribers.Demand {
        state.pointee.demand += more
        state.pointee.demandToForward += more
        return drain(state)
    }

    // [excerpt: drain]
    /// Delivers until nothing left may be delivered. Called by the caller that has the
    /// delivering role, with the lock held (taken by hand, so that what is delivered is
    /// read in place: see `LockedState.lock()`); releases it.
    private func drain(_ state: UnsafeMutablePointer<State>) -> Subscribers.Demand {
        while state.pointee.downstream.isFilled {
            if state.pointee.isQueueEmpty {
                guard state.pointee.hasCompletion else { break }
                return deliverCompletion(state) // Nothing is queued: nothing is lost by finishing.
            }
            guard state.pointee.demand > .none else { break }
            deliverFirst(state)
        }
        // Gives up the role, and hands back the demand to forward upstream. (Written out
        // rather than as a method of the generic `State`: calling one looks up the struct's
        // metadata.)
        state.pointee.isDraining = false
        let forward = state.pointee.isOpen ? state.pointee.demandToForward : .none
        state.pointee.demandToForward = .none
        self.state.unlock()
        return forward
    }
    // [/excerpt]

    // [excerpt: deliver]
    /// Takes the oldest value out of the queue and delivers it without the lock, then
    /// takes the lock again to count the demand the downstream returned.
    @inline(never) // Its value's local costs a look-up of `Input`; a direct hand-over skips it.
    private func deliverFirst(_ state: UnsafeMutablePointer<State>) {
        state.pointee.demand -= .max(1)
        let value = state.pointee.queue.removeFirst()
        state.pointee.isQueueEmpty = state.pointee.queue.count == 0
        let downstream = state.pointee.downstream.value
        self.state.unlock() // Never held while the downstream is called.
        let more = downstream.receive(value)
        _ = self.state.lock() // The same pointer: the state never moves.
        state.pointee.demand += more
        state.pointee.demandToForward += more
    }
    // [/excerpt]

    // [excerpt: deliver-completion]
    /// Delivers the completion, once: the buffer lets go of the downstream in the same
    /// critical section that takes the completion out, so there can never be a second
    /// one. Called with the lock held; releases it.
    @inline(never) // Once per buffer: its generic values stay off the values' path.
    private func deliverCompletion(_ state: UnsafeMutablePointer<State>) -> Subscribers.Demand {
        let completion = state.pointee.completion
        let downstream = state.pointee.downstream.take()
        state.pointee.completion = nil
        state.pointee.isOpen = false
        self.state.unlock()
        if let completion, let downstream {
            downstream.receive(completion: completion)
        }
        return self.state.withLock { $0.finishDraining() }
    }
    // [/excerpt]
}

extension DemandBuffer.State {
    /// Gives up the delivering role and hands back the demand to forward upstream.
    fileprivate mutating func finishDraining() -> Subscribers.Demand {
        isDraining = false
        let forward = isOpen ? demandToForward : .none
        demandToForward = .none
        return forward
    }
}
