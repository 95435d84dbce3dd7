import CombineSchedulers
import Foundation
import OpenCombineShim

/// The check of `rateLimit(_:per:scheduler:subject:)` (chapter 06-pace): a rate limiter
/// built on `step(with:)` that lets `count` values through at once, then waits for the
/// interval to end before asking for more.
public enum RateLimitCheck {
    public typealias TestClock = TestSchedulerOf<DispatchQueue>
    public typealias Stride = DispatchQueue.SchedulerTimeType.Stride
    public typealias Upstream = ProbePublisher<Int, ProbeFailure>
    public typealias Output = PassthroughSubject<Int, ProbeFailure>

    /// - Parameters:
    ///   - random: draws the values the sources send.
    ///   - rateLimit: calls the learner's `upstream.rateLimit(count, per:, scheduler:, subject:)`.
    public static func check(
        random: CheckRandom = CheckRandom(seed: 0),
        rateLimit: @escaping (Upstream, Int, Stride, TestClock, Output) -> AnyCancellable
    ) -> ExerciseCheck {
        var random = random
        let values = random.distinct(20, in: 1...99)
        /// The first `count` of this run's values: every source sends from the start of them.
        func first(_ count: Int) -> [Int] { Array(values.prefix(count)) }
        let culprit = "your rate limiter"
        /// Starts a rate limiter and a subscriber that records what it sends to the subject.
        func start(_ upstream: Upstream, count: Int, per interval: Stride, on clock: TestClock)
        -> (AnyCancellable, ProbeSubscriber<Int, ProbeFailure>) {
            let subject = Output()
            let received = subject.auditedSubscription(initialDemand: .unlimited, culprit: culprit)
            return (rateLimit(upstream, count, interval, clock, subject), received)
        }
        return ExerciseCheck(exercise: "RateLimit", scenarios: [
            CheckScenario("lets three through at once, then three per second") {
                let clock = DispatchQueue.test
                let upstream = Upstream(supplying: first(7), thenFinish: true)
                let (cancellable, received) = start(upstream, count: 3, per: .seconds(1), on: clock)
                try received.expectReceived(first(3), "rateLimit(3, per: 1 s) over a source of 7 values, at 0 s")
                try upstream.expectAskedAtMost(3, by: culprit, "at 0 s")
                clock.advance(by: .milliseconds(999))
                try received.expectReceived(first(3), "at 0.999 s")
                clock.advance(by: .milliseconds(1))
                try received.expectReceived(first(6), "at 1 s on the virtual clock of the scheduler you were given")
                try upstream.expectAskedAtMost(6, by: culprit, "at 1 s")
                clock.advance(by: .seconds(1))
                try received.expectReceived(first(7), finished: true, "at 2 s, the source having run out after 7 values")
                withExtendedLifetime(cancellable) {}
            },
            CheckScenario("uses the count and interval it is given") {
                let clock = DispatchQueue.test
                let upstream = Upstream(supplying: first(5), thenFinish: true)
                let (cancellable, received) = start(upstream, count: 2, per: .milliseconds(500), on: clock)
                try received.expectReceived(first(2), "rateLimit(2, per: 0.5 s) over a source of 5 values, at 0 s")
                clock.advance(by: .milliseconds(500))
                try received.expectReceived(first(4), "at 0.5 s")
                clock.advance(by: .milliseconds(500))
                try received.expectReceived(first(5), finished: true, "at 1 s")
                withExtendedLifetime(cancellable) {}
            },
            CheckScenario("passes a failure on") {
                let clock = DispatchQueue.test
                let upstream = Upstream()
                let (cancellable, received) = start(upstream, count: 3, per: .seconds(1), on: clock)
                upstream.send(values[0])
                upstream.send(completion: .failure(ProbeFailure()))
                try received.expectReceived(first(1), then: .failure(ProbeFailure()), "upstream sent \(values[0]), then failed")
                withExtendedLifetime(cancellable) {}
            },
            CheckScenario("cancelling stops it and cancels upstream") {
                let clock = DispatchQueue.test
                let upstream = Upstream(supplying: first(20))
                let (cancellable, received) = start(upstream, count: 3, per: .seconds(1), on: clock)
                cancellable.cancel()
                clock.advance(by: .seconds(3))
                let subscription = try unwrap(upstream.subscription)
                try expect(subscription.cancelCount == 1,
                           "cancelling what rateLimit returned cancelled upstream \(subscription.cancelCount) times, not once")
                try received.expectReceived(first(3), "3 s after cancel() at 0 s")
            },
        ])
    }
}
