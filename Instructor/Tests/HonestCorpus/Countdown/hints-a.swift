// Honest corpus: Countdown by hints-a. Design: a small struct publisher handing each subscriber a CountdownTicket subscription with an owed-demand counter and an isDelivering guard. Followed the hints: yes.

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
            let ticket = CountdownTicket(from: start, to: subscriber)
            subscriber.receive(subscription: ticket)
        }
    }
}

private final class CountdownTicket<Downstream: Subscriber>: Subscription
where Downstream.Input == Int, Downstream.Failure == Never {
    private var upcoming: Int
    private var downstream: Downstream?
    private var owed: Subscribers.Demand = .none
    private var isDelivering = false

    init(from start: Int, to downstream: Downstream) {
        self.upcoming = start
        self.downstream = downstream
    }

    func request(_ demand: Subscribers.Demand) {
        owed += demand
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }

        while let target = downstream, owed > .none {
            owed -= 1
            let value = upcoming
            upcoming -= 1
            let more = target.receive(value)
            owed += more
            if upcoming == 0, let last = downstream {
                downstream = nil
                last.receive(completion: .finished)
            }
        }
    }

    func cancel() {
        downstream = nil
    }
}
