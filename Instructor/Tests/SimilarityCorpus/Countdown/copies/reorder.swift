// Countdown: a publisher of my own, one ticket per subscriber.

import OpenCombineShim

private final class Ticket<Target: Subscriber>: Subscription where Target.Input == Int, Target.Failure == Never {

    func cancel() {
        target = nil
    }

    func request(_ demand: Subscribers.Demand) {
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

    /// Sends .finished once the count reached zero, if nobody cancelled.
    func finishIfDone() {
        if counter <= 0, let target = target {
            self.target = nil
            target.receive(completion: .finished)
        }
    }

    init(counter: Int, target: Target) {
        self.counter = counter
        self.target = target
    }

    var busy = false

    var owed = Subscribers.Demand.none

    var target: Target?

    var counter: Int

}

extension Publishers {
    public struct Countdown: Publisher {

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            let ticket = Ticket(counter: start, target: subscriber)
            subscriber.receive(subscription: ticket)
            ticket.finishIfDone()
        }

        public init(from start: Int) {
            self.start = start
        }

        public let start: Int

        public typealias Failure = Never

        public typealias Output = Int

    }

}
