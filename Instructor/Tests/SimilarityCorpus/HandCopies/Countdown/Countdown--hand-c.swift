// Countdown exercise
// ------------------
// Publisher struct + a subscription class, same shape as the Fibonacci one from chapter 3.

import OpenCombineShim

extension Publishers {

    /// Countdown(from: 5) -> 5, 4, 3, 2, 1, finished
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never

        /// where the countdown starts
        public let start: Int

        public init(from start: Int) {
            self.start = start
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            // special case: nothing to send, so finish immediately (no demand needed)
            guard start > 0 else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            // every subscriber gets its own countdown
            let subscription = CountdownSubscription(next: start, subscriber: subscriber)
            subscriber.receive(subscription: subscription)
        }
    }
}

/// Does the actual counting. Keeps the demand that is still owed and sends in a loop.
private final class CountdownSubscription<S: Subscriber>: Subscription
    where S.Input == Int, S.Failure == Never
{
    // MARK: state

    private var next: Int                                   // next number to send
    private var subscriber: S?                              // nil after cancel / finish
    private var demand: Subscribers.Demand = .none          // what we still owe
    private var isDelivering = false                        // re-entrancy guard

    /// only for debugging: how many values went out
    private var sentCount = 0
    /// what we started from, kept for the description
    private let initial: Int

    init(next: Int, subscriber: S) {
        self.next = next
        self.initial = next
        self.subscriber = subscriber
    }

    // MARK: Subscription

    func request(_ demand: Subscribers.Demand) {
        self.demand += demand

        // a request from inside receive(_:) only adds demand; the running loop will pick it up
        guard !isDelivering else { return }

        isDelivering = true
        defer { isDelivering = false }

        while let subscriber, self.demand > .none {
            self.demand -= 1

            let value = next
            next -= 1
            sentCount += 1

            // whatever the subscriber returns is more demand
            let more = subscriber.receive(value)
            self.demand += more

            // we just sent 1 -> finish right away, without waiting for demand
            if next == 0, self.subscriber != nil {
                self.subscriber = nil
                subscriber.receive(completion: .finished)
            }
        }
    }

    func cancel() {
        // dropping the subscriber stops the loop at its next turn
        subscriber = nil
    }

    var description: String {
        "Countdown(from: \(initial), sent: \(sentCount), pending: \(demand))"
    }
}
