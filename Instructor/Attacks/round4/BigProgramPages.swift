// Linker flags for 16 MiB page-aligned segments, to leave a huge program in the job folder: the link fails, the folder is emptied (held).
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
@_used @_section(".swift1_autolink_entries") let bigProgram: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (45, 87, 108, 44, 45, 122, 44, 115, 101, 112, 97, 114, 97, 116, 101, 45, 108, 111, 97, 100, 97, 98, 108, 101, 45, 115, 101, 103, 109, 101, 110, 116, 115, 44, 45, 122, 44, 109, 97, 120, 45, 112, 97, 103, 101, 45, 115, 105, 122, 101, 61, 48, 120, 49, 48, 48, 48, 48, 48, 48, 44, 45, 122, 44, 99, 111, 109, 109, 111, 110, 45, 112, 97, 103, 101, 45, 115, 105, 122, 101, 61, 48, 120, 49, 48, 48, 48, 48, 48, 48, 0)
#endif
