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
            if start > 0 {
                let subscription = CountdownSubscription(next: start, subscriber: subscriber)
                subscriber.receive(subscription: subscription)
            } else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
            }
        }
    }
}

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
        if isDelivering { return }
        isDelivering = true
        deliver()
        isDelivering = false
    }

    private func deliver() {
        while true {
            guard let subscriber = subscriber else { break }
            guard demand > .none else { break }
            demand -= 1
            demand += sendNext(to: subscriber)
            finishIfDone(subscriber)
        }
    }

    private func sendNext(to subscriber: S) -> Subscribers.Demand {
        let value = next
        next -= 1
        return subscriber.receive(value)
    }

    private func finishIfDone(_ subscriber: S) {
        guard next == 0 && self.subscriber != nil else { return }
        self.subscriber = nil
        subscriber.receive(completion: .finished)
    }

    func cancel() {
        subscriber = nil
    }
}
