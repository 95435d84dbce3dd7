// Honest corpus: Countdown by hints-b. Design: struct publisher + subscription class with next number, optional subscriber, demand and an isDelivering flag. Followed the hints: yes.

import OpenCombineShim

extension Publishers {
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never

        public let start: Int

        public init(from start: Int) {
            self.start = start
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            guard start > 0 else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            let subscription = CountdownSubscription(subscriber: subscriber, start: start)
            subscriber.receive(subscription: subscription)
        }
    }
}

private final class CountdownSubscription<Target: Subscriber>: Subscription
where Target.Input == Int, Target.Failure == Never {
    private var subscriber: Target?
    private var next: Int
    private var demand = Subscribers.Demand.none
    private var isDelivering = false

    init(subscriber: Target, start: Int) {
        self.subscriber = subscriber
        self.next = start
    }

    func request(_ more: Subscribers.Demand) {
        guard subscriber != nil else { return }
        demand += more
        // A request from inside receive(_:) only adds; the running loop sends.
        guard !isDelivering else { return }
        isDelivering = true
        while let subscriber = subscriber, demand > .none {
            demand -= 1
            let value = next
            next -= 1
            let extra = subscriber.receive(value)
            demand += extra
            if next == 0, let last = self.subscriber {
                self.subscriber = nil
                last.receive(completion: .finished)
            }
        }
        isDelivering = false
    }

    func cancel() {
        subscriber = nil
    }
}
