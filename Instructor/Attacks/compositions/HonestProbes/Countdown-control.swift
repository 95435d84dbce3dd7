// Control (not an attack): the same hand-written Countdown with Subscriptions.empty and
// .finished for start <= 0, as the hints say; it should pass with the allow-list on.
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
                return subscriber.receive(completion: .finished)
            }
            subscriber.receive(subscription: CountdownSubscription(subscriber, from: start))
        }
    }
}

final class CountdownSubscription<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
    private var subscriber: S?
    private var next: Int
    private var demand = Subscribers.Demand.none
    private var isDelivering = false

    init(_ subscriber: S, from start: Int) {
        self.subscriber = subscriber
        next = start
    }

    func request(_ more: Subscribers.Demand) {
        demand += more
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        while let subscriber, demand > .none {
            demand -= 1
            let value = next
            next -= 1
            demand += subscriber.receive(value)
            if next == 0, let subscriber = self.subscriber {
                self.subscriber = nil
                subscriber.receive(completion: .finished)
            }
        }
    }

    func cancel() {
        subscriber = nil
    }
}
