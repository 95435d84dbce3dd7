import Atomics
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
        /// rather than an optional for the same reason as above (see `Slot`); the
        /// downstream in an object of its own (`Held`), so that copying it out of the lock
        /// for each value is one retain, not a call through `Downstream`'s value witnesses.
        var downstream: Slot<Held<Downstream>>
        /// A `ReplayRing` with no limit rather than a `Deque`, for the same reason again:
        /// each call into `Deque` looks up `Deque<Input>`'s metadata (see `ReplayRing`).
        var queue: ReplayRing<Input>
        var completion: Subscribers.Completion<Failure>?

        init(downstream: Held<Downstream>, capacity: Int, queue: ReplayRing<Input>, completion: Subscribers.Completion<Failure>?) {
            self.downstream = Slot(downstream)
            self.capacity = capacity
            self.queue = queue
            self.completion = completion
            isQueueEmpty = queue.count == 0
            hasCompletion = completion != nil
        }
    }

    private let state: LockedState<State>

    /// The hand-over path without the lock, for the common case of a downstream that asked
    /// for `.unlimited`: a `FastPath` word, open exactly while nothing but the value could
    /// be delivered (nobody delivers, nothing is queued, no completion, the buffer open,
    /// unlimited demand). A value takes it with one compare-and-swap, is delivered to the
    /// downstream without a retain, and gives it back with another: where the lock, and a
    /// retain and a release of the downstream, cost about twice that.
    private let fast = UnsafeAtomic<Int>.create(FastPath.closed)
    /// The downstream, unretained, for the fast path: the slot holds it, and nobody takes it
    /// out of the slot while a fast delivery is under way (see `closeFastPath`).
    private let downstreamForFastPath: Unmanaged<Held<Downstream>>

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
        let held = Held(downstream)
        downstreamForFastPath = .passUnretained(held)
        state = LockedState(State(downstream: held, capacity: capacity, queue: queued, completion: completion))
    }

    deinit {
        state.withLock { state in
            state.downstream.deallocate()
            state.queue.deallocate()
        }
        fast.destroy()
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
        state.withLock { $0.downstream.valueIfFilled }?.subscriber.receive(subscription: subscription)
        return drain(state.lock()) // The role is ours from the start.
    }

    /// Adds demand from the downstream's `request(_:)` and delivers what it allows.
    ///
    /// The caller passes `demand` on upstream itself.
    /// - Returns: extra demand the downstream returned from `receive(_:)` while queued
    ///   values were delivered, to pass on upstream as well.
    func request(_ demand: Subscribers.Demand) -> Subscribers.Demand {
        let state = self.state.lock()
        closeFastPath(&state.pointee)
        state.pointee.demand += demand
        return takeTurn(state)
    }

    /// Offers one value.
    /// - Returns: demand the downstream granted while values were delivered, to pass on
    ///   upstream (an operator's own `receive(_:)` can return it).
    func receive(_ value: Input) -> Subscribers.Demand {
        // The commonest case: the downstream asked for `.unlimited`, and nothing else could
        // be delivered. Straight over, without the lock: more than unlimited is still
        // unlimited, so there is nothing to count.
        if fast.compareExchange(
            expected: FastPath.open, desired: FastPath.delivering, ordering: .acquiring
        ).exchanged {
            _ = downstreamForFastPath._withUnsafeGuaranteedRef { $0.subscriber.receive(value) }
            if fast.compareExchange(
                expected: FastPath.delivering, desired: FastPath.open, ordering: .releasing
            ).exchanged {
                return .none
            }
            return afterHandOver()
        }
        // The common case: nothing waits and the downstream wants this value. Hand it
        // straight over, without a trip through the queue. The lock is taken by hand so
        // that the downstream can be read in place (see `LockedState.lock()`).
        let state = self.state.lock()
        closeFastPath(&state.pointee)
        if !state.pointee.isDraining, state.pointee.isOpen, !state.pointee.hasCompletion,
           state.pointee.isQueueEmpty, state.pointee.demand > .none, state.pointee.downstream.isFilled {
            let downstream = state.pointee.downstream.value
            state.pointee.isDraining = true
            state.pointee.demand -= .max(1)
            self.state.unlock()
            let more = downstream.subscriber.receive(value)
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
        closeFastPath(&state.pointee)
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
        let (downstream, queued): (Held<Downstream>?, ReplayRing<Input>) = state.withLock { state in
            // A fast delivery under way calls the downstream unretained: it is left in its
            // slot, and released by that delivery once the downstream returns (`drain`).
            let isDelivering = closeFastPath(&state)
            defer {
                state.isOpen = false
                state.queue = ReplayRing(limit: 0) // Nothing is queued once closed.
                state.isQueueEmpty = true
                state.completion = nil
            }
            return (isDelivering ? nil : state.downstream.take(), state.queue)
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
        return finishDraining(state)
    }

    /// Gives up the delivering role, reopens the fast path if it may be, and hands back the
    /// demand to forward upstream. Called with the lock held; releases it. (A method of
    /// the buffer rather than of the generic `State`: calling one of those looks up the
    /// struct's metadata.)
    @inline(__always)
    private func finishDraining(_ state: UnsafeMutablePointer<State>) -> Subscribers.Demand {
        if !state.pointee.isOpen, state.pointee.downstream.isFilled {
            return releaseDownstream(state) // Cancelled during a fast delivery.
        }
        state.pointee.isDraining = false
        let forward = state.pointee.isOpen ? state.pointee.demandToForward : .none
        state.pointee.demandToForward = .none
        if state.pointee.demand == .unlimited, state.pointee.isOpen, !state.pointee.hasCompletion,
           state.pointee.isQueueEmpty, state.pointee.downstream.isFilled {
            fast.store(FastPath.open, ordering: .releasing) // Nothing but a value may come next.
        }
        self.state.unlock()
        return forward
    }

    /// Takes the oldest value out of the queue and delivers it without the lock, then
    /// takes the lock again to count the demand the downstream returned.
    @inline(never) // Its value's local costs a look-up of `Input`; a direct hand-over skips it.
    private func deliverFirst(_ state: UnsafeMutablePointer<State>) {
        state.pointee.demand -= .max(1)
        let value = state.pointee.queue.removeFirst()
        state.pointee.isQueueEmpty = state.pointee.queue.count == 0
        let downstream = state.pointee.downstream.value
        self.state.unlock() // Never held while the downstream is called.
        let more = downstream.subscriber.receive(value)
        _ = self.state.lock() // The same pointer: the state never moves.
        state.pointee.demand += more
        state.pointee.demandToForward += more
    }

    /// Closes the fast path before anything that changes what it relies on. Called with
    /// the lock held.
    /// - Returns: whether a fast delivery is under way. It is then handed the delivering
    ///   role (`isDraining`), to drain what the caller leaves once the downstream returns,
    ///   so the caller must neither deliver nor take the downstream out of its slot.
    @discardableResult
    private func closeFastPath(_ state: inout State) -> Bool {
        var word = fast.load(ordering: .relaxed)
        while true {
            let closed: Int
            switch word {
            case FastPath.closed: return false
            case FastPath.handedOver: return true
            case FastPath.open: closed = FastPath.closed
            default: closed = FastPath.handedOver
            }
            let (exchanged, found) = fast.compareExchange(
                expected: word, desired: closed, ordering: .acquiringAndReleasing)
            if exchanged {
                guard closed == FastPath.handedOver else { return false }
                state.isDraining = true // On the fast delivery's behalf.
                return true
            }
            word = found
        }
    }

    /// After a fast delivery that was handed the delivering role meanwhile: drains what
    /// was left for it.
    @inline(never)
    private func afterHandOver() -> Subscribers.Demand {
        let state = self.state.lock()
        fast.store(FastPath.closed, ordering: .relaxed) // Reopened by `drain` if it may be.
        return drain(state)
    }

    /// Takes the downstream out of a buffer cancelled during a fast delivery, gives up the
    /// role, and releases the downstream after the lock.
    @inline(never)
    private func releaseDownstream(_ state: UnsafeMutablePointer<State>) -> Subscribers.Demand {
        let downstream = state.pointee.downstream.take()
        state.pointee.isDraining = false
        state.pointee.demandToForward = .none
        self.state.unlock()
        withExtendedLifetime(downstream) {}
        return .none
    }

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
            downstream.subscriber.receive(completion: completion)
        }
        return finishDraining(self.state.lock())
    }
}

/// A subscriber in an object of its own: a reference, whatever the subscriber's type, so
/// that unspecialised code copies it with a plain retain, and calls it in place.
final class Held<Wrapped> {
    let subscriber: Wrapped
    init(_ subscriber: Wrapped) { self.subscriber = subscriber }
}

/// The states of `DemandBuffer`'s fast path, declared outside the generic class so that
/// comparing them costs no metadata look-up.
private enum FastPath {
    /// Values take the lock.
    static let closed = 0
    /// A value may be handed straight over, without the lock.
    static let open = 1
    /// A value is being handed straight over.
    static let delivering = 2
    /// A value is being handed straight over, and whoever closed the path meanwhile gave
    /// that delivery the delivering role: it drains (under the lock) once it is done.
    static let handedOver = 3
}
