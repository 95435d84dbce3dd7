import OpenCombineShim

private final class Ticker<Downstream: Subscriber>: Subscription where Downstream.Input == Int, Downstream.Failure == Never {
    private var busy = false
    private var owed: Subscribers.Demand = .none
    private var target: Downstream?
    private var current: Int

    init(current: Int, target: Downstream) {
        self.current = current
        self.target = target
    }

    func cancel() {
        target = nil
    }

    func request(_ extra: Subscribers.Demand) {
        owed += extra
        guard !busy else { return }
        busy = true
        defer { busy = false }
        while let target, owed > .none {
            owed -= 1
            let number = current
            current -= 1
            let additional = target.receive(number)
            owed += additional
            if current == 0, self.target != nil {
                self.target = nil
                target.receive(completion: .finished)
            }
        }
    }
}

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
            subscriber.receive(subscription: Ticker(current: start, target: subscriber))
        }
    }
}
