// Subscribers that ask for less than everything, for the rows that measure the demand
// accounting a `Sink` asking for `.unlimited` skips.

import OpenCombineShim

/// A slow subscriber, and how the benchmark hands it one value through a subject.
struct Slow {
    var subscriber: OneAtATime
    var send: (PassthroughSubject<Int, Never>, Int) -> Void

    /// Returns `.max(1)` from each value.
    static func oneAtATime(_ blackhole: Blackhole) -> Slow {
        Slow(subscriber: OneAtATime(blackhole), send: { subject, value in subject.send(value) })
    }

    /// Asks for a value with `request(.max(1))`, then it is sent.
    static func askingFirst(_ blackhole: Blackhole) -> Slow {
        let subscriber = OneAtATime(blackhole, asking: .later)
        return Slow(subscriber: subscriber, send: { subject, value in
            subscriber.askForOne()
            subject.send(value)
        })
    }

    /// A value is sent, then asked for with `request(.max(1))`: it waits in between.
    static func askingAfter(_ blackhole: Blackhole) -> Slow {
        let subscriber = OneAtATime(blackhole, asking: .later)
        return Slow(subscriber: subscriber, send: { subject, value in
            subject.send(value)
            subscriber.askForOne()
        })
    }
}

/// Asks for one value at a time: the slowest demand pattern, which makes a publisher do
/// its demand accounting on every value.
final class OneAtATime: Subscriber, Cancellable {
    typealias Input = Int
    typealias Failure = Never

    enum Asking {
        /// One value on subscription, and one more returned with each value.
        case withEachValue
        /// Nothing by itself: the benchmark asks with `askForOne()`, from outside, as a
        /// consumer that finishes its work later does.
        case later
    }

    private let blackhole: Blackhole
    private let asking: Asking
    private var subscription: Subscription?

    init(_ blackhole: Blackhole, asking: Asking = .withEachValue) {
        self.blackhole = blackhole
        self.asking = asking
    }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        if asking == .withEachValue { subscription.request(.max(1)) }
    }
    func receive(_ input: Int) -> Subscribers.Demand {
        blackhole.consume(input)
        return asking == .withEachValue ? .max(1) : .none
    }
    func receive(completion: Subscribers.Completion<Never>) { subscription = nil }

    func askForOne() { subscription?.request(.max(1)) }

    /// Cancels and lets go of the subscription, which holds this subscriber.
    func cancel() {
        subscription?.cancel()
        subscription = nil
    }
}
