import Foundation
import OpenCombineShim

/// Delivers values and a completion to one subscriber, never more than it asked for, from
/// whichever thread they come.
///
/// The plain version of the library's `DemandBuffer`, to read first: the same behaviour
/// (the tests run both), written with one lock and nothing else.
/// - **Demand.** A value that arrives while the downstream has no demand waits in a queue.
/// - **Order.** A completion waits behind the values queued before it.
/// - **One caller delivers.** Values may come from several threads, or from inside a
///   delivery. Whoever finds nobody delivering *drains*; the others queue and return.
///   The lock is never held while the downstream is called.
///
/// `capacity` bounds how many values beyond the downstream's demand are kept: when more
/// arrive, the oldest are dropped.
public final class PlainDemandBuffer<Downstream: Subscriber> {
    public typealias Input = Downstream.Input
    public typealias Failure = Downstream.Failure

    // [excerpt: state]
    private let lock = NSLock()
    /// `nil` once the downstream is completed or the buffer cancelled.
    private var downstream: Downstream?
    private var queue: [Input]
    private var completion: Subscribers.Completion<Failure>?
    private var demand = Subscribers.Demand.none
    /// Demand the downstream returned from `receive(_:)`, not yet passed on upstream.
    private var demandToForward = Subscribers.Demand.none
    /// True while one caller delivers; true from the start, until `start(with:)`.
    private var isDraining = true
    private let capacity: Int
    // [/excerpt]

    // [excerpt: start]
    /// - Parameters:
    ///   - queued: Values to deliver first (a replay), and `completion` after them.
    public init(
        downstream: Downstream,
        capacity: Int = .max,
        queued: [Input] = [],
        completion: Subscribers.Completion<Failure>? = nil
    ) {
        self.downstream = downstream
        self.capacity = capacity
        self.queue = queued
        self.completion = completion
    }

    /// Hands the downstream its subscription, then delivers whatever arrived meanwhile.
    /// - Returns: Demand the downstream returned from `receive(_:)` meanwhile.
    @discardableResult
    public func start(with subscription: Subscription) -> Subscribers.Demand {
        lock.lock()
        let downstream = self.downstream
        lock.unlock()
        downstream?.receive(subscription: subscription)
        return drain() // The delivering role is ours from the start.
    }
    // [/excerpt]

    // [excerpt: offer]
    /// Adds demand, and delivers what it allows. The caller passes `demand` upstream.
    /// - Returns: Extra demand the downstream returned meanwhile, to pass upstream too.
    public func request(_ demand: Subscribers.Demand) -> Subscribers.Demand {
        lock.lock()
        self.demand += demand
        let drains = becomeDrainer()
        lock.unlock()
        return drains ? drain() : .none
    }

    /// Offers a value.
    /// - Returns: Demand the downstream returned meanwhile, to pass upstream.
    public func receive(_ value: Input) -> Subscribers.Demand {
        lock.lock()
        guard downstream != nil, completion == nil else {
            lock.unlock()
            return .none
        }
        queue.append(value)
        // Keep what the downstream asked for, and at most `capacity` more.
        while queue.count > capacity, .max(queue.count) > demand {
            queue.removeFirst()
        }
        let drains = becomeDrainer()
        lock.unlock()
        return drains ? drain() : .none
    }

    /// Offers the completion: it is delivered after the values queued before it.
    public func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard downstream != nil, self.completion == nil else {
            lock.unlock()
            return
        }
        self.completion = completion
        let drains = becomeDrainer()
        lock.unlock()
        if drains { _ = drain() }
    }

    /// Whether the caller is the one to drain: yes if nobody is draining, and the role is
    /// then the caller's until `drain()` gives it up. The caller holds the lock, so this is
    /// decided together with what it brought: whoever is draining sees that too.
    private func becomeDrainer() -> Bool {
        if isDraining { return false } // The one draining delivers what we left.
        isDraining = true
        return true
    }
    // [/excerpt]

    /// Forgets the downstream and everything queued. Sends no completion.
    public func cancel() {
        lock.lock()
        let downstream = self.downstream
        self.downstream = nil
        queue = []
        completion = nil
        lock.unlock()
        withExtendedLifetime(downstream) {} // Released after the lock: it may run a deinit.
    }

    // [excerpt: drain]
    /// Delivers until nothing more may be delivered. Only the caller with the delivering
    /// role calls it, without the lock.
    private func drain() -> Subscribers.Demand {
        lock.lock()
        while let downstream {
            if queue.isEmpty, let completion {
                // Nothing is queued, so nothing is lost by finishing. Let go of the
                // downstream in the same critical section: there is never a second one.
                self.downstream = nil
                self.completion = nil
                lock.unlock()
                downstream.receive(completion: completion)
                lock.lock()
                break
            }
            guard !queue.isEmpty, demand > .none else { break }
            demand -= 1
            let value = queue.removeFirst()
            lock.unlock() // Never held while the downstream is called.
            let more = downstream.receive(value)
            lock.lock()
            demand += more
            demandToForward += more
        }
        isDraining = false
        let forward = self.downstream == nil ? .none : demandToForward
        demandToForward = .none
        lock.unlock()
        return forward
    }
    // [/excerpt]
}
