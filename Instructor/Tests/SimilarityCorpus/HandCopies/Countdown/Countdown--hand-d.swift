import OpenCombineShim

// Countdown publisher: honours demand, loop instead of recursion

private final class CountdownSub<Target: Subscriber>: Subscription where Target.Input == Int, Target.Failure == Never {
    var remaining: Int
    var target: Target?
    var pending = Subscribers.Demand.none
    var running = false

    init(from value: Int, target: Target) {
        remaining = value
        self.target = target
    }

    func cancel() { target = nil }

    func request(_ d: Subscribers.Demand) {
        pending += d
        if running {
            return      // nested request from receive(_:), the outer loop handles it
        }
        running = true
        defer { running = false }
        while pending > .none {
            guard let t = target else { break }
            pending -= 1
            let n = remaining
            remaining -= 1
            pending += t.receive(n)
            if remaining == 0 && target != nil {
                target = nil
                t.receive(completion: .finished)
            }
        }
    }
}

extension Publishers {
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never

        public let start: Int

        public init(from start: Int) { self.start = start }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            if start <= 0 {
                // nothing to count
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
            } else {
                subscriber.receive(subscription: CountdownSub(from: start, target: subscriber))
            }
        }
    }
}
