import Backpressure
import ExerciseChecks
import Foundation
import OpenCombineShim
import Testing

/// The checks judge behaviour, not our code: Combine's own operators that do the same job
/// pass them, and plausible mistakes fail them at the scenario that describes the mistake.
@Suite struct CheckSensitivityTests {
    // MARK: Combine's own implementations pass

    @Test func combinesAssignPassesTheMyAssignCheck() {
        let check = MyAssignCheck.check(
            subscriber: { Subscribers.Assign(object: $0, keyPath: \.reading) },
            myAssign: { $0.assign(to: \.reading, on: $1) })
        #expect(check.run().failure == nil)
    }

    @Test func aSequencePublisherPassesTheCountdownCheck() {
        let check = CountdownCheck.check(countdown: { Array(stride(from: $0, to: 0, by: -1)).publisher })
        #expect(check.run().failure == nil)
    }

    @Test func collectByCountPassesTheChunksCheck() {
        let check = ChunksCheck.check(chunks: { $0.collect($1) })
        #expect(check.run().failure == nil)
    }

    @Test func flatMapOverBothUpstreamsPassesTheMyMergeCheck() {
        let check = MyMergeCheck.check(merge: { first, second in
            [first, second].publisher.setFailureType(to: ProbeFailure.self).flatMap { $0 }
        })
        #expect(check.run().failure == nil)
    }

    // MARK: Mistakes fail where they are made

    @Test func anUnboundedFlatMapStartsEveryFetchAtOnce() {
        let check = BoundedFetchCheck.check(fetchAll: { paths, _, fetch in
            paths.publisher.setFailureType(to: Error.self).flatMap { fetch($0) }.eraseToAnyPublisher()
        })
        #expect(check.run().failure?.scenario == "never has more than maxConcurrent fetches in flight")
    }

    @Test func aTestThatFindsFaultWithEverythingFailsTheDemandTestCheckFirst() {
        let check = DemandTestCheck.check(test: { _ in ["it is wrong"] })
        #expect(check.run().failure?.scenario == "passes a countdown that honours demand")
    }

    @Test func aTestThatAsksForEverythingAtOnceMissesOverDelivery() {
        // sink asks for .unlimited: a countdown that ignores demand looks the same as one that honours it.
        let check = DemandTestCheck.check(test: { makeCountdown in
            var values: [Int] = []
            let cancellable = makeCountdown(3).sink { values.append($0) }
            cancellable.cancel()
            return values == [3, 2, 1] ? [] : ["sent \(values)"]
        })
        // The scenarios come in an order drawn per run: run the one about over-delivery.
        let overDelivery = check.scenarios.first { $0.name == "catches a countdown that sends more than was requested" }
        #expect(overDelivery?.run() != nil)
    }

    @Test func ambIsNotAMerge() {
        let check = MyMergeCheck.check(merge: { $0.amb($1) })
        #expect(check.run().failure?.scenario == "passes on the values of both upstreams, in the order they arrive")
    }

    @Test func anAssignThatCancelsOnCompletionAndKeepsItsObjectFails() {
        let check = MyAssignCheck.check(
            subscriber: { CarelessAssign(object: $0) },
            myAssign: { _, _ in AnyCancellable {} })
        #expect(check.run().failure?.scenario == "ignores values after completion, without cancelling upstream")
    }

    @Test func aCountdownThatStartsOverOnEachRequestFails() {
        let check = CountdownCheck.check(countdown: { RestartingCountdown(start: $0) })
        let failure = check.run().failure
        #expect(failure?.scenario == "honours a small demand, and later ones carry on where it stopped")
        #expect(failure?.message == "after request(.max(2)) twice: got [5, 4, 5, 4] and no completion, expected [5, 4, 3, 2] and no completion")
    }

    @Test func aShareReplayThatNeverDisconnectsFailsOnlyTheReferenceCounting() {
        let check = RefCountReplayCheck.check(share: { $0.shareReplay($1) })
        #expect(check.run().failure?.scenario == "the last cancel disconnects; the next subscriber starts afresh")
    }

    @Test func aRateLimiterThatLimitsNothingFails() {
        let check = RateLimitCheck.check(rateLimit: { upstream, _, _, _, subject in
            AnyCancellable(upstream.sink(receiveCompletion: { subject.send(completion: $0) }, receiveValue: { subject.send($0) }))
        })
        let failure = check.run().failure
        #expect(failure?.scenario == "lets three through at once, then three per second")
        var random = CheckRandom(seed: 0) // the check's draws when it is given none
        let values = random.distinct(7, in: 1...99)
        #expect(failure?.message.hasPrefix("rateLimit(3, per: 1 s) over a source of 7 values, at 0 s: got \(values) then .finished") == true)
    }

    @Test func aPausingSubscriberOnTheRealClockFails() {
        let check = PausingCheck.check(exercise: "PausingSubscriber") { batch, _, _, completion, value in
            WallClockPauser(batchSize: batch, receiveCompletion: completion, receiveValue: value)
        }
        #expect(check.run().failure?.scenario == "waits a full second on the scheduler it was given, then takes five more")
    }
}

/// Asks for everything and assigns, but cancels its subscription when upstream finishes
/// and never lets go of its object.
private final class CarelessAssign: Subscriber, Cancellable {
    typealias Input = Int
    typealias Failure = Never
    private let object: Thermometer
    private var subscription: Subscription?

    init(object: Thermometer) { self.object = object }

    func receive(subscription: Subscription) {
        guard self.subscription == nil else { return subscription.cancel() }
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        if subscription != nil { object.reading = input }
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        subscription?.cancel()
        subscription = nil
    }

    func cancel() {
        subscription?.cancel()
        subscription = nil
    }
}

/// The seed article's Fibonacci bug, on a countdown: every request starts from the top.
private struct RestartingCountdown: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let start: Int

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        guard start > 0 else { return Empty().receive(subscriber: subscriber) }
        subscriber.receive(subscription: Restarting(start: start, subscriber: AnySubscriber(subscriber)))
    }

    private final class Restarting: Subscription {
        let start: Int
        var subscriber: AnySubscriber<Int, Never>?
        init(start: Int, subscriber: AnySubscriber<Int, Never>) {
            self.start = start
            self.subscriber = subscriber
        }
        func request(_ demand: Subscribers.Demand) {
            var value = start
            var left = demand
            while left > .none, value > 0, let subscriber {
                left -= 1
                _ = subscriber.receive(value)
                value -= 1
                if value == 0 {
                    self.subscriber = nil
                    subscriber.receive(completion: .finished)
                }
            }
        }
        func cancel() { subscriber = nil }
    }
}

/// Pauses after each batch on the wall clock instead of the scheduler it was given.
private final class WallClockPauser: Subscriber, Cancellable {
    typealias Input = Int
    typealias Failure = Never
    let batchSize: Int
    let receiveCompletion: (Subscribers.Completion<Never>) -> Void
    let receiveValue: (Int) -> Void
    var subscription: Subscription?
    var taken = 0

    init(batchSize: Int, receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void, receiveValue: @escaping (Int) -> Void) {
        self.batchSize = batchSize
        self.receiveCompletion = receiveCompletion
        self.receiveValue = receiveValue
    }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.max(batchSize))
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        receiveValue(input)
        taken += 1
        if taken % batchSize == 0 {
            DispatchQueue.global().asyncAfter(deadline: .now() + 1) { [weak self] in
                guard let self else { return }
                self.subscription?.request(.max(self.batchSize))
            }
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        subscription = nil
        receiveCompletion(completion)
    }

    func cancel() {
        subscription?.cancel()
        subscription = nil
    }
}
