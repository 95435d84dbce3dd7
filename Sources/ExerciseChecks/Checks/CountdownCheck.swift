import OpenCombineShim

/// The check of `Publishers.Countdown` (chapter 03-fibonacci): a publisher of your own that
/// counts down to 1 and honours demand the way `FibonacciPublisher` does.
public enum CountdownCheck {
    /// - Parameter countdown: makes the learner's `Publishers.Countdown(from:)`.
    public static func check<P: Publisher>(countdown: @escaping (Int) -> P, random: CheckRandom = CheckRandom(seed: 0)) -> ExerciseCheck
    where P.Output == Int, P.Failure == Never {
        var random = random
        let culprit = "your countdown"
        func subscribe(
            from start: Int, initialDemand: Subscribers.Demand?,
            demandAfterValue: @escaping (Int, ProbeSubscriber<Int, Never>) -> Subscribers.Demand = { _, _ in .none }
        ) -> ProbeSubscriber<Int, Never> {
            countdown(start).auditedSubscription(
                initialDemand: initialDemand, culprit: culprit, demandAfterValue: demandAfterValue)
        }
        return ExerciseCheck(exercise: "Countdown", scenarios: [
            CheckScenario("counts down to 1, then finishes") {
                let start = Int.random(in: 3...9, using: &random)
                try subscribe(from: start, initialDemand: .unlimited)
                    .expectReceived(Array((1...start).reversed()), finished: true, "Countdown(from: \(start)) with request(.unlimited)")
            },
            CheckScenario("from 0, it finishes at once, even before any request") {
                try subscribe(from: 0, initialDemand: nil)
                    .expectReceived([], finished: true, "Countdown(from: 0) with no request")
            },
            CheckScenario("sends nothing until asked") {
                try subscribe(from: 3, initialDemand: nil)
                    .expectReceived([], finished: false, "Countdown(from: 3) before any request")
            },
            CheckScenario("honours a small demand, and later ones carry on where it stopped") {
                let subscriber = subscribe(from: 5, initialDemand: .max(2))
                try subscriber.expectReceived([5, 4], finished: false, "Countdown(from: 5) after request(.max(2))")
                subscriber.request(.max(2))
                try subscriber.expectReceived([5, 4, 3, 2], finished: false, "after request(.max(2)) twice")
                subscriber.request(.max(1))
                try subscriber.expectReceived([5, 4, 3, 2, 1], finished: true, "after a third request, of .max(1)")
            },
            CheckScenario("honours the demand that receive(_:) returns") {
                let start = Int.random(in: 3...9, using: &random)
                try subscribe(from: start, initialDemand: .max(1)) { _, _ in .max(1) }
                    .expectReceived(Array((1...start).reversed()), finished: true,
                                    "Countdown(from: \(start)): request(.max(1)), then .max(1) returned from each receive(_:)")
                try subscribe(from: start, initialDemand: .max(1)) { value, _ in value == start ? .max(1) : .none }
                    .expectReceived([start, start - 1], finished: false,
                                    "Countdown(from: \(start)): request(.max(1)), then .max(1) returned from the first receive(_:) only")
            },
            CheckScenario("a request made inside receive(_:) neither recurses nor reorders") {
                try subscribe(from: 6, initialDemand: .max(1)) { _, subscriber in
                    subscriber.request(.max(1))
                    return .none
                }.expectReceived([6, 5, 4, 3, 2, 1], finished: true, "request(.max(1)) called from inside each receive(_:)")
            },
            CheckScenario("cancelling inside receive(_:) stops it at once") {
                let start = Int.random(in: 4...9, using: &random)
                let last = Int.random(in: 2...(start - 1), using: &random)
                try subscribe(from: start, initialDemand: .unlimited) { value, subscriber in
                    if value == last { subscriber.cancel() }
                    return .none
                }.expectReceived(Array((last...start).reversed()), finished: false,
                                 "Countdown(from: \(start)) with request(.unlimited), then cancel() on receiving \(last)")
            },
            CheckScenario("after cancel, a request sends nothing") {
                let start = Int.random(in: 3...9, using: &random)
                let subscriber = subscribe(from: start, initialDemand: .max(1))
                subscriber.cancel()
                subscriber.request(.max(3))
                try subscriber.expectReceived([start], finished: false, "Countdown(from: \(start)): request(.max(1)), cancel(), then request(.max(3))")
            },
            CheckScenario("each subscriber gets its own countdown") {
                let start = Int.random(in: 2...9, using: &random)
                let publisher = countdown(start)
                let first = publisher.auditedSubscription(initialDemand: .max(1), culprit: culprit)
                let second = publisher.auditedSubscription(initialDemand: .unlimited, culprit: culprit)
                try first.expectReceived([start], finished: false, "Countdown(from: \(start)): the first of two subscribers, after request(.max(1))")
                try second.expectReceived(Array((1...start).reversed()), finished: true,
                                          "Countdown(from: \(start)): the second of two subscribers, after request(.unlimited)")
            },
        ])
    }
}
