// Countdown: a publisher of my own, one ticket per subscriber.

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
        self.counter = counter
        self.target = target
    }

    /// Sends .finished once the count reached zero, if nobody cancelled.
    func finishIfDone() {
        if counter <= 0, let target = target {
            self.target = nil
            target.receive(completion: .finished)
        }
    }

    func request(_ demand: Subscribers.Demand) {
        owed += demand
        // Someone up the stack is already sending: they will see the new demand.
        if busy { return }
        busy = true
        repeat {
            guard owed > 0, counter > 0, let target = target else { break }
            owed -= 1
            counter -= 1
            owed += target.receive(counter + 1)
            finishIfDone()
        } while true
        busy = false
    }

    func cancel() {
        target = nil
    }
}
