import CombineSchedulers
import Foundation
import OpenCombineShim

/// The check of the "five, then pause for a second" subscriber (chapter 02-mysink), which
/// the workbook has you write twice: `Subscribers.PausingSink` wraps a MySink,
/// `Subscribers.PausingSubscriber` stands alone. Both run on the scheduler they are given,
/// so the check drives them on virtual time.
public enum PausingCheck {
    public typealias TestClock = TestSchedulerOf<DispatchQueue>
    public typealias Stride = DispatchQueue.SchedulerTimeType.Stride
    typealias Upstream = ProbePublisher<Int, Never>
    typealias Recorder = CallbackRecorder<Int, Never>

    /// - Parameters:
    ///   - exercise: `PausingSink` or `PausingSubscriber`.
    ///   - random: draws the values the sources send.
    ///   - subscriber: makes the learner's subscriber from batch size, pause, scheduler,
    ///     `receiveCompletion` and `receiveValue`.
    public static func check<S: Subscriber & Cancellable>(
        exercise: String,
        random: CheckRandom = CheckRandom(seed: 0),
        subscriber: @escaping (Int, Stride, TestClock, @escaping (Subscribers.Completion<Never>) -> Void, @escaping (Int) -> Void) -> S
    ) -> ExerciseCheck where S.Input == Int, S.Failure == Never {
        var random = random
        let values = random.distinct(20, in: 1...99)
        /// The first `count` of this run's values: every source sends from the start of them.
        func first(_ count: Int) -> [Int] { Array(values.prefix(count)) }
        func subscribe(_ upstream: Upstream, batchSize: Int, pause: Stride, on clock: TestClock) -> (S, Recorder) {
            let recorder = Recorder(culprit: "your subscriber")
            let subscriber = subscriber(batchSize, pause, clock, recorder.receiveCompletion, { _ = recorder.receiveValue($0) })
            upstream.subscribe(subscriber)
            return (subscriber, recorder)
        }
        return ExerciseCheck(exercise: exercise, scenarios: [
            CheckScenario("takes five values, then stops asking") {
                let clock = DispatchQueue.test
                let upstream = Upstream(supplying: first(12), thenFinish: true)
                let (_, recorder) = subscribe(upstream, batchSize: 5, pause: .seconds(1), on: clock)
                try recorder.expectPassedOn(first(5), "at 0 s, from a source of 12 values that sends on demand")
                try upstream.expectAskedAtMost(5, by: "your subscriber", "at 0 s")
            },
            CheckScenario("waits a full second on the scheduler it was given, then takes five more") {
                let clock = DispatchQueue.test
                let upstream = Upstream(supplying: first(12), thenFinish: true)
                let (_, recorder) = subscribe(upstream, batchSize: 5, pause: .seconds(1), on: clock)
                clock.advance(by: .milliseconds(999))
                try recorder.expectPassedOn(first(5), "at 0.999 s (the pause is one second)")
                clock.advance(by: .milliseconds(1))
                try recorder.expectPassedOn(first(10), "at 1 s on the virtual clock of the scheduler you were given")
                try upstream.expectAskedAtMost(10, by: "your subscriber", "at 1 s")
                clock.advance(by: .seconds(1))
                try recorder.expectPassedOn(first(12), finished: true, "at 2 s, the source having run out after 12 values")
            },
            CheckScenario("uses the batch size and pause it is given") {
                let clock = DispatchQueue.test
                let upstream = Upstream(supplying: first(7), thenFinish: true)
                let (_, recorder) = subscribe(upstream, batchSize: 3, pause: .milliseconds(500), on: clock)
                try recorder.expectPassedOn(first(3), "batches of 3 with a 0.5 s pause, at 0 s")
                clock.advance(by: .milliseconds(500))
                try recorder.expectPassedOn(first(6), "batches of 3 with a 0.5 s pause, at 0.5 s")
                clock.advance(by: .milliseconds(500))
                try recorder.expectPassedOn(first(7), finished: true, "batches of 3 with a 0.5 s pause, at 1 s")
            },
            CheckScenario("cancel cancels upstream and stops the clock") {
                let clock = DispatchQueue.test
                let upstream = Upstream(supplying: first(20))
                let (subscriber, recorder) = subscribe(upstream, batchSize: 5, pause: .seconds(1), on: clock)
                subscriber.cancel()
                let subscription = try unwrap(upstream.subscription)
                let requestsBefore = subscription.requests.count
                clock.advance(by: .seconds(3))
                try expect(subscription.cancelCount == 1, "cancel() cancelled upstream \(subscription.cancelCount) times, not once")
                try expect(subscription.requests.count == requestsBefore,
                           "after cancel(), your subscriber still called \(requestsText(Array(subscription.requests.dropFirst(requestsBefore)))) when the pause ended")
                try recorder.expectPassedOn(first(5), "3 s after cancel()")
            },
            CheckScenario("passes a completion on at once, and asks nothing after it") {
                let clock = DispatchQueue.test
                let upstream = Upstream(supplying: first(5), thenFinish: true)
                let (_, recorder) = subscribe(upstream, batchSize: 5, pause: .seconds(1), on: clock)
                try recorder.expectPassedOn(first(5), finished: true, "with a source of exactly five values, at 0 s")
                let requestsBefore = try unwrap(upstream.subscription).requests.count
                clock.advance(by: .seconds(2))
                try expect(upstream.subscription?.requests.count == requestsBefore,
                           "after the source finished, your subscriber still called request when the pause ended")
                try recorder.expectPassedOn(first(5), finished: true, "2 s after the source finished")
            },
        ])
    }
}
