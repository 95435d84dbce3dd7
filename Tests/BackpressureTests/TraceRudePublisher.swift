import OpenCombineShim

/// A publisher that breaks the protocol on purpose, the way a careless hand-written one
/// does. Its script runs when the first request arrives, demand or not; it can send
/// before it hands over the subscription, hand over a second one, and, like a subject that
/// forgets to remove a cancelled subscription from its list, it never lets go of its
/// subscriber when cancelled.
final class TraceRudePublisher: Publisher {
    typealias Output = Int
    typealias Failure = Never

    enum Step {
        case value(Int)
        case finish
    }

    /// Sent as soon as the first request arrives, whatever it asked for.
    let script: [Step]
    /// Sent before the subscription is handed over.
    let early: [Int]
    /// Hands the subscriber a second subscription straight after the first.
    let subscribesTwice: Bool
    /// Every subscription ever made, kept for good.
    private var subscriptions: [Subscription] = []

    init(script: [Step], early: [Int] = [], subscribesTwice: Bool = false) {
        self.script = script
        self.early = early
        self.subscribesTwice = subscribesTwice
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        for value in early { _ = subscriber.receive(value) }
        let subscription = RudeSubscription(subscriber: subscriber, script: script)
        subscriptions.append(subscription)
        subscriber.receive(subscription: subscription)
        if subscribesTwice {
            subscriber.receive(subscription: RudeSubscription(subscriber: subscriber, script: []))
        }
    }

    private final class RudeSubscription<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
        private let subscriber: S // Never released, not even on cancel: rule 3.13.
        private let script: [Step]
        private var started = false

        init(subscriber: S, script: [Step]) {
            self.subscriber = subscriber
            self.script = script
        }

        func request(_ demand: Subscribers.Demand) {
            guard !started else { return }
            started = true
            for step in script {
                switch step {
                case let .value(value): _ = subscriber.receive(value)
                case .finish: subscriber.receive(completion: .finished)
                }
            }
        }

        func cancel() {}
    }
}

/// A publisher that sends from inside `request(_:)`, so a subscriber that asks for one
/// more from inside `receive(_:)` makes the two call each other ever deeper: the naive
/// Fibonacci of chapter 3.
struct TraceRecursivePublisher: Publisher {
    typealias Output = Int
    typealias Failure = Never

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscriber.receive(subscription: Inner(subscriber: subscriber))
    }

    private final class Inner<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
        private var subscriber: S?
        private var next = 0

        init(subscriber: S) { self.subscriber = subscriber }

        func request(_ demand: Subscribers.Demand) {
            guard let subscriber else { return }
            next += 1
            _ = subscriber.receive(next)
        }

        func cancel() { subscriber = nil }
    }
}
