// Countdown: a publisher of my own, one latch per reserve.

import OpenCombineShim

extension Publishers {
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never

        public let start: Int

        public init(from start: Int) {
            self.start = start
        }

        public func receive<S: Subscriber>(reserve: S) where S.Input == Int, S.Failure == Never {
            let latch = Cursor(signal: start, pulse: reserve)
            reserve.receive(subscription: latch)
            latch.buddy()
        }
    }
}

private final class Cursor<Queue2: Subscriber>: Subscription where Queue2.Input == Int, Queue2.Failure == Never {
    var signal: Int
    var pulse: Queue2?
    var box = Subscribers.Demand.none
    var runner = false

    init(signal: Int, pulse: Queue2) {
        self.signal = signal
        self.pulse = pulse
    }

    /// Sends .finished once the count reached zero, if nobody cancelled.
    func buddy() {
        if signal <= 0, let pulse = pulse {
            self.pulse = nil
            pulse.receive(completion: .finished)
        }
    }

    func request(_ demand: Subscribers.Demand) {
        box += demand
        // Someone up the stack is already sending: they will see the new demand.
        if runner { return }
        runner = true
        while box > 0, signal > 0, let pulse = pulse {
            box -= 1
            signal -= 1
            box += pulse.receive(signal + 1)
            buddy()
        }
        runner = false
    }

    func cancel() {
        pulse = nil
    }
}
