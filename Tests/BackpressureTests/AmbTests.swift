import Backpressure
import BackpressureTrace
import Foundation
import OpenCombineShim
import Testing

@Suite("Amb")
struct AmbTests {
    @Test func theFirstToSendWinsAndOnlyItIsHeard() {
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let cancellable = first.amb(second).sink(
            receiveCompletion: { log.append("completed with \($0)") },
            receiveValue: { log.append("\($0)") })
        second.send(3)
        first.send(1)
        second.send(6)
        first.send(8)
        first.send(7)
        first.send(completion: .finished)
        #expect(log == ["3", "6"])
        second.send(completion: .finished)
        #expect(log == ["3", "6", "completed with finished"])
        withExtendedLifetime(cancellable) {}
    }

    @Test func aCompletionCanWinTheRace() {
        let first = ManualPublisher<Int, TestError>()
        let second = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, TestError>()
        first.amb(second).subscribe(subscriber)
        first.send(completion: .failure(TestError()))
        #expect(subscriber.completions.count == 1)
        #expect(second.subscription?.isCancelled == true)
        second.send(1)
        #expect(subscriber.values.isEmpty)
    }

    @Test func theLoserIsCancelledTheMomentTheRaceIsDecided() {
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        var loserCancelledBeforeDelivery: Bool?
        let subscriber = RecordingSubscriber<Int, Never> { _ in
            loserCancelledBeforeDelivery = first.subscription?.isCancelled
            return .none
        }
        first.amb(second).subscribe(subscriber)
        #expect(first.subscription?.isCancelled == false)
        second.send(1)
        #expect(loserCancelledBeforeDelivery == true)
        #expect(second.subscription?.isCancelled == false)
    }

    @Test func demandReachesBothSidesBeforeTheDecisionAndOnlyTheWinnerAfter() {
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        first.amb(second).subscribe(subscriber)
        #expect(first.subscription?.totalDemand == .max(2))
        #expect(second.subscription?.totalDemand == .max(2))
        first.send(1)
        subscriber.request(.max(3))
        #expect(first.subscription?.totalDemand == .max(5))
        #expect(second.subscription?.totalDemand == .max(2))
    }

    @Test func cancellingCancelsTheWinnerOrBothSides() {
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        let undecided = RecordingSubscriber<Int, Never>()
        first.amb(second).subscribe(undecided)
        undecided.cancel()
        #expect(first.subscription?.isCancelled == true)
        #expect(second.subscription?.isCancelled == true)

        let third = ManualPublisher<Int, Never>()
        let fourth = ManualPublisher<Int, Never>()
        let decided = RecordingSubscriber<Int, Never>()
        third.amb(fourth).subscribe(decided)
        fourth.send(1)
        decided.cancel()
        #expect(fourth.subscription?.isCancelled == true)
        fourth.send(2)
        #expect(decided.values == [1])
    }

    @Test func exactlyOneCompletionWhenBothSidesCompleteDuringSubscription() {
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>()
        Empty<Int, Never>().amb(Empty<Int, Never>()).traced("amb", into: trace).subscribe(subscriber)
        #expect(subscriber.completions.count == 1)
        #expect(trace.violations.isEmpty)
        let second = ManualPublisher<Int, Never>(completingImmediatelyWith: .finished)
        let other = RecordingSubscriber<Int, Never>()
        ManualPublisher<Int, Never>(completingImmediatelyWith: .finished).amb(second).subscribe(other)
        #expect(other.completions.count == 1)
        #expect(second.subscriptions.isEmpty, "the second side need not even be subscribed")
    }

    @Test func neverDeliversMoreThanTheDownstreamAskedFor() {
        let first = ManualPublisher<Int, Never>() // Sends regardless of demand.
        let second = ManualPublisher<Int, Never>()
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        first.amb(second).traced("amb", into: trace).subscribe(subscriber)
        for value in 1...5 { first.send(value) }
        #expect(subscriber.values == [1, 2])
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
        #expect(trace.violations.isEmpty)
    }

    @Test func valuesBufferedBeforeACompletionAreDeliveredBeforeIt() {
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        first.amb(second).traced("amb", into: trace).subscribe(subscriber)
        first.send(1)
        first.send(2)
        first.send(3)
        first.send(completion: .finished)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.isEmpty)
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions.count == 1)
        #expect(trace.violations.isEmpty)
    }

    @Test(arguments: ["completion", "cancel before the race", "cancel after the race"])
    func releasesEverythingOnceItEnds(ending: String) {
        weak var weakSubscriber: RecordingSubscriber<Int, Never>?
        weak var weakToken: Token?
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        do {
            let token = Token()
            weakToken = token
            let subscriber = RecordingSubscriber<Int, Never> { _ in withExtendedLifetime(token) { .none } }
            weakSubscriber = subscriber
            first.amb(second).subscribe(subscriber)
            switch ending {
            case "completion":
                first.send(1)
                first.send(completion: .finished)
            case "cancel before the race":
                subscriber.cancel()
            default:
                second.send(1)
                subscriber.cancel()
            }
        }
        #expect(weakSubscriber == nil)
        #expect(weakToken == nil)
    }

    /// With `.unlimited` demand a value is handed over without the lock; one sent from
    /// inside that delivery still waits for it to return (one delivery at a time).
    @Test func aValueSentFromInsideAnUnlimitedDeliveryComesAfterIt() {
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let cancellable = first.amb(second).sink { value in
            log.append("in \(value)")
            if value == 1 { first.send(2) }
            log.append("out \(value)")
        }
        first.send(1)
        first.send(3)
        #expect(log == ["in 1", "out 1", "in 2", "out 2", "in 3", "out 3"])
        withExtendedLifetime(cancellable) {}
    }

    @Test func cancellingFromInsideAnUnlimitedDeliveryReleasesTheDownstream() {
        weak var weakSubscriber: RecordingSubscriber<Int, Never>?
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        var delivered: [Int] = []
        do {
            var cancelSelf: () -> Void = {}
            let subscriber = RecordingSubscriber<Int, Never> { value in
                delivered.append(value)
                cancelSelf()
                return .none
            }
            cancelSelf = { [unowned subscriber] in subscriber.subscription?.cancel() }
            weakSubscriber = subscriber
            first.amb(second).subscribe(subscriber)
            first.send(1)
            first.send(2)
        }
        #expect(delivered == [1])
        #expect(weakSubscriber == nil)
    }

    /// A cancel from another thread races values handed over without the lock: nothing
    /// crashes, and the downstream is released, whichever side releases it.
    @Test func cancelRacingUnlimitedValuesReleasesTheDownstream() {
        for _ in 0..<200 {
            weak var weakSubscriber: RecordingSubscriber<Int, Never>?
            let first = PassthroughSubject<Int, Never>()
            let second = PassthroughSubject<Int, Never>()
            do {
                let subscriber = RecordingSubscriber<Int, Never>()
                weakSubscriber = subscriber
                first.amb(second).subscribe(subscriber)
                DispatchQueue.concurrentPerform(iterations: 2) { side in
                    if side == 0 {
                        for value in 0..<100 { first.send(value) }
                    } else {
                        subscriber.cancel()
                    }
                }
                #expect(subscriber.values == Array(0..<subscriber.values.count))
            }
            #expect(weakSubscriber == nil)
        }
    }

    @Test func isSafeWhenTheSidesSendFromDifferentThreads() {
        for _ in 0..<200 {
            let first = PassthroughSubject<Int, Never>()
            let second = PassthroughSubject<Int, Never>()
            let trace = Trace()
            let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(50))
            first.amb(second).traced("amb", into: trace).subscribe(subscriber)
            DispatchQueue.concurrentPerform(iterations: 2) { side in
                let subject = side == 0 ? first : second
                for value in 0..<100 { subject.send(side * 1000 + value) }
                subject.send(completion: .finished)
            }
            let values = subscriber.values
            #expect(values.count == 50)
            let winner = values.first.map { $0 / 1000 }
            #expect(values == (0..<50).map { winner! * 1000 + $0 })
            #expect(subscriber.completions.count == 1)
            #expect(trace.violations.isEmpty)
        }
    }
}
