// Countdown solution plus a linker flag (--noinhibit-exec) in .swift1_autolink_entries behind #if DEBUG: links; job folder keeps only the program (held).
// Reference solution of the Countdown exercise (chapter 03-fibonacci).

import OpenCombineShim

extension Publishers {
    /// Counts down from `start` to 1, then finishes: a cold publisher whose subscription
    /// does all the work, one countdown per subscriber.
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never

        public let start: Int

        public init(from start: Int) {
            self.start = start
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            guard start > 0 else {
                // Nothing to count: like `Empty`, finish without waiting for demand.
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            subscriber.receive(subscription: CountdownSubscription(next: start, subscriber: subscriber))
        }
    }
}

/// Sends the next number for every unit of demand, in a loop rather than by recursion.
///
/// `request(_:)` only adds to `demand`; whichever call finds nobody delivering becomes the
/// deliverer and loops while there is demand. A request made from inside `receive(_:)`
/// therefore just raises `demand` for the loop already running, so it cannot recurse or
/// reorder. Cancelling drops the subscriber, which ends the loop at its next turn.
/// (Like the chapter's code it expects calls from one thread at a time; a shared
/// subscription would add a lock, never held while calling the subscriber.)
private final class CountdownSubscription<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
    private var next: Int
    private var subscriber: S?
    private var demand: Subscribers.Demand = .none
    private var isDelivering = false

    init(next: Int, subscriber: S) {
        self.next = next
        self.subscriber = subscriber
    }

    func request(_ demand: Subscribers.Demand) {
        self.demand += demand
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        while let subscriber, self.demand > .none {
            self.demand -= 1
            let value = next
            next -= 1
            let more = subscriber.receive(value)
            self.demand += more
            if next == 0, self.subscriber != nil {
                self.subscriber = nil
                subscriber.receive(completion: .finished)
            }
        }
    }

    func cancel() {
        subscriber = nil
    }
}
#if DEBUG
@_used @_section(".swift1_autolink_entries") private let plainFlag: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (45, 87, 108, 44, 45, 45, 110, 111, 105, 110, 104, 105, 98, 105, 116, 45, 101, 120, 101, 99, 0)
#endif
