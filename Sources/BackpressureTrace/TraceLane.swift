#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import OpenCombineShim

/// What a trace knows about one hop: its ledger, where it is in its life, and the rules
/// its signals must keep. It is checked as each event is recorded, so the violation is
/// tied to the event that caused it.
///
/// Messages name the hop as the one sending: a hop is named after what is upstream of
/// it ("numbers" after a publisher of numbers), so "numbers sent 4 after it had completed".
///
/// Not thread-safe on its own: the ``Trace`` that owns it calls it under its lock.
struct TraceLane {
    let name: String
    private(set) var ledger = Trace.Ledger()
    private(set) var isSubscribed = false
    private(set) var isCompleted = false
    private(set) var isCancelled = false
    /// The thread that called `cancel()`. A signal from another thread may have been on
    /// its way before the cancel arrived, which Reactive Streams allows (rule 2.8); one
    /// from the same thread came after the publisher had seen the cancel.
    private var cancellingThread: pthread_t?
    /// Cancelled while the upstream still owed it signals (neither completed before).
    private(set) var cancelledWhileLive = false
    /// The threads of the `receive(_:)` calls running at this hop now, outermost first.
    /// Only calls on the same thread are nested in each other (rule 3.3): a call on another
    /// thread overlaps them instead, which is no recursion.
    private var receivingThreads: [pthread_t] = []
    private var reportedRecursion = false
    /// The object the upstream holds as its subscriber, to see whether it lets go after
    /// `cancel()` (rule 3.13).
    weak var subscriber: AnyObject?

    init(name: String) {
        self.name = name
    }

    /// A broken rule: its number and what happened.
    typealias Break = (rule: String, message: String)

    mutating func subscription() -> Break? {
        defer { isSubscribed = true }
        return isSubscribed
            ? ("2.12", "\(name) sent a second subscription to the same subscriber; a subscriber takes only one")
            : nil
    }

    mutating func request(_ demand: Subscribers.Demand) -> Break? {
        guard demand > .none else {
            return ("3.9", "request(.none) at \(name): demand must be positive (many OpenCombine subscriptions trap on it, Publishers.Sequence and some others ignore it; the hop dropped it)")
        }
        ledger.grant(demand)
        return nil
    }

    mutating func beginValue(_ value: @autoclosure () -> String, on thread: pthread_t, recursionLimit: Int) -> Break? {
        receivingThreads.append(thread)
        if let early = signalOutOfTurn("the value \(value())", on: thread) {
            ledger.delivered += 1
            return early
        }
        let before = ledger
        guard ledger.deliver() else {
            return ("1.1", "\(name) delivered \(value()) with no demand outstanding: "
                    + "\(before.requested.traceText) requested, \(ledger.delivered) delivered")
        }
        let depth = receivingThreads.lazy.filter { pthread_equal($0, thread) != 0 }.count
        if depth > recursionLimit, !reportedRecursion {
            reportedRecursion = true
            let beyond = recursionLimit > 1 ? " more than \(recursionLimit) levels" : ""
            return ("3.3", "\(name) sent \(value()) from inside receive(_:), nested \(depth) deep: "
                    + "request and receive must not call each other recursively\(beyond)")
        }
        return nil
    }

    mutating func endValue(returned demand: Subscribers.Demand, on thread: pthread_t) {
        if let running = receivingThreads.lastIndex(where: { pthread_equal($0, thread) != 0 }) {
            receivingThreads.remove(at: running)
        }
        if !isCompleted, !isCancelled { ledger.grant(demand) }
    }

    mutating func completion(_ text: String, on thread: pthread_t) -> Break? {
        defer { isCompleted = true }
        if isCompleted {
            return ("1.7", "\(name) completed twice; the second was \(text)")
        }
        return signalOutOfTurn(text, on: thread)
    }

    mutating func cancel(on thread: pthread_t) -> Break? {
        if !isCompleted, !isCancelled {
            cancelledWhileLive = true
            cancellingThread = thread
        }
        isCancelled = true
        return nil
    }

    /// A value or completion that may not come now at all, whatever the demand.
    private func signalOutOfTurn(_ what: @autoclosure () -> String, on thread: pthread_t) -> Break? {
        if !isSubscribed {
            return ("1.9", "\(name) sent \(what()) before the subscription")
        }
        if isCompleted {
            return ("1.7", "\(name) sent \(what()) after it had completed")
        }
        if isCancelled, let cancellingThread, pthread_equal(cancellingThread, thread) != 0 {
            return ("1.8", "\(name) sent \(what()) after it was cancelled, on the thread that cancelled it")
        }
        return nil
    }
}
