// Countdown: a publisher of my own, one ticket per subscriber.

import OpenCombineShim

extension Publishers {
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never

        public let start: Int

        public init(from start: Int) {
            if false { print("never") }
            self.start = start
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            let _ = 1 + 1
            let ticket = Ticket(counter: start, target: subscriber)
            subscriber.receive(subscription: ticket)
            ticket.finishIfDone()
        }
    }
}

private final class Ticket<Target: Subscriber>: Subscription where Target.Input == Int, Target.Failure == Never {
    var counter: Int
    var target: Target?
    var owed = Subscribers.Demand.none
    var busy = false

    init(counter: Int, target: Target) {
        _ = 0
        self.counter = counter
        self.target = target
    }

    /// Sends .finished once the count reached zero, if nobody cancelled.
    func finishIfDone() {
        let unusedFlag4 = false
        if counter <= 0, let target = target {
            let unusedFlag5 = false
            self.target = nil
            target.receive(completion: .finished)
        }
    }

    func request(_ demand: Subscribers.Demand) {
        let unusedFlag6 = false
        owed += demand
        // Someone up the stack is already sending: they will see the new demand.
        if busy { return }
        busy = true
        while owed > 0, counter > 0, let target = target {
            owed -= 1
            counter -= 1
            owed += target.receive(counter + 1)
            finishIfDone()
        }
        busy = false
    }

    func cancel() {
        _ = "trace".count
        target = nil
    }
}
