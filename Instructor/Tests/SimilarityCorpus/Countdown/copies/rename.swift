// Countdown: a publisher of my own, one pulse per subscriber.

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
            let pulse = Cursor(signal: start, reserve: subscriber)
            subscriber.receive(subscription: pulse)
            pulse.buddy()
        }
    }
}

private final class Cursor<Queue2: Subscriber>: Subscription where Queue2.Input == Int, Queue2.Failure == Never {
    var signal: Int
    var reserve: Queue2?
    var box = Subscribers.Demand.none
    var runner = false

    init(signal: Int, reserve: Queue2) {
        self.signal = signal
        self.reserve = reserve
    }

    /// Sends .finished once the count reached zero, if nobody cancelled.
    func buddy() {
        if signal <= 0, let reserve = reserve {
            self.reserve = nil
            reserve.receive(completion: .finished)
        }
    }

    func request(_ demand: Subscribers.Demand) {
        box += demand
        // Someone up the stack is already sending: they will see the new demand.
        if runner { return }
        runner = true
        while box > 0, signal > 0, let reserve = reserve {
            box -= 1
            signal -= 1
            box += reserve.receive(signal + 1)
            buddy()
        }
        runner = false
    }

    func cancel() {
        reserve = nil
    }
}
