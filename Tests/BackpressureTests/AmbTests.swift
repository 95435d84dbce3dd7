import Backpressure
import BackpressureTrace
import Foundation
import OpenCombineShim
import Testing

/// Every test runs against the library's `amb` and the plain one that chapter 4 teaches
/// first (`Sources/PlainBackpressure/PlainAmb.swift`).
@Suite("Amb")
struct AmbTests {
    @Test(arguments: AmbImplementation.all)
    func theFirstToSendWinsAndOnlyItIsHeard(_ implementation: AmbImplementation) {
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let cancellable = implementation.amb(first, second).sink(
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

    @Test(arguments: AmbImplementation.all)
    func aCompletionCanWinTheRace(_ implementation: AmbImplementation) {
        let first = ManualPublisher<Int, TestError>()
        let second = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, TestError>()
        implementation.amb(first, second).subscribe(subscriber)
        first.send(completion: .failure(TestError()))
        #expect(subscriber.completions.count == 1)
        #expect(second.subscription?.isCancelled == true)
        second.send(1)
        #expect(subscriber.values.isEmpty)
    }

    @Test(arguments: AmbImplementation.all)
    func theLoserIsCancelledTheMomentTheRaceIsDecided(_ implementation: AmbImplementation) {
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        var loserCancelledBeforeDelivery: Bool?
        let subscriber = RecordingSubscriber<Int, Never> { _ in
            loserCancelledBeforeDelivery = first.subscription?.isCancelled
            return .none
        }
        implementation.amb(first, second).subscribe(subscriber)
        #expect(first.subscription?.isCancelled == false)
        second.send(1)
        #expect(loserCancelledBeforeDelivery == true)
        #expect(second.subscription?.isCancelled == false)
    }

    @Test(arguments: AmbImplementation.all)
    func demandReachesBothSidesBeforeTheDecisionAndOnlyTheWinnerAfter(_ implementation: AmbImplementation) {
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        implementation.amb(first, second).subscribe(subscriber)
        #expect(first.subscription?.totalDemand == .max(2))
        #expect(second.subscription?.totalDemand == .max(2))
        first.send(1)
        subscriber.request(.max(3))
        #expect(first.subscription?.totalDemand == .max(5))
        #expect(second.subscription?.totalDemand == .max(2))
    }

    @Test(arguments: AmbImplementation.all)
    func cancellingCancelsTheWinnerOrBothSides(_ implementation: AmbImplementation) {
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        let undecided = RecordingSubscriber<Int, Never>()
        implementation.amb(first, second).subscribe(undecided)
        undecided.cancel()
        #expect(first.subscription?.isCancelled == true)
        #expect(second.subscription?.isCancelled == true)

        let third = ManualPublisher<Int, Never>()
        let fourth = ManualPublisher<Int, Never>()
        let decided = RecordingSubscriber<Int, Never>()
        implementation.amb(third, fourth).subscribe(decided)
        fourth.send(1)
        decided.cancel()
        #expect(fourth.subscription?.isCancelled == true)
        fourth.send(2)
        #expect(decided.values == [1])
    }

    @Test(arguments: AmbImplementation.all)
    func exactlyOneCompletionWhenBothSidesCompleteDuringSubscription(_ implementation: AmbImplementation) {
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>()
        implementation.amb(Empty<Int, Never>(), Empty<Int, Never>()).traced("amb", into: trace).subscribe(subscriber)
        #expect(subscriber.completions.count == 1)
        #expect(trace.violations.isEmpty)
        let second = ManualPublisher<Int, Never>(completingImmediatelyWith: .finished)
        let other = RecordingSubscriber<Int, Never>()
        implementation.amb(ManualPublisher<Int, Never>(completingImmediatelyWith: .finished), second).subscribe(other)
        #expect(other.completions.count == 1)
        #expect(second.subscriptions.isEmpty, "the second side need not even be subscribed")
    }

    @Test(arguments: AmbImplementation.all)
    func neverDeliversMoreThanTheDownstreamAskedFor(_ implementation: AmbImplementation) {
        let first = ManualPublisher<Int, Never>() // Sends regardless of demand.
        let second = ManualPublisher<Int, Never>()
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        implementation.amb(first, second).traced("amb", into: trace).subscribe(subscriber)
        for value in 1...5 { first.send(value) }
        #expect(subscriber.values == [1, 2])
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
        #expect(trace.violations.isEmpty)
    }

    @Test(arguments: AmbImplementation.all)
    func valuesBufferedBeforeACompletionAreDeliveredBeforeIt(_ implementation: AmbImplementation) {
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        implementation.amb(first, second).traced("amb", into: trace).subscribe(subscriber)
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

    @Test(arguments: AmbImplementation.all, ["completion", "cancel before the race", "cancel after the race"])
    func releasesEverythingOnceItEnds(_ implementation: AmbImplementation, ending: String) {
        weak var weakSubscriber: RecordingSubscriber<Int, Never>?
        weak var weakToken: Token?
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        do {
            let token = Token()
            weakToken = token
            let subscriber = RecordingSubscriber<Int, Never> { _ in withExtendedLifetime(token) { .none } }
            weakSubscriber = subscriber
            implementation.amb(first, second).subscribe(subscriber)
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

    /// A value sent from inside a delivery waits for it to return (one delivery at a time),
    /// also when the library's buffer hands values over without its lock (`.unlimited`).
    @Test(arguments: AmbImplementation.all)
    func aValueSentFromInsideAnUnlimitedDeliveryComesAfterIt(_ implementation: AmbImplementation) {
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let cancellable = implementation.amb(first, second).sink { value in
            log.append("in \(value)")
            if value == 1 { first.send(2) }
            log.append("out \(value)")
        }
        first.send(1)
        first.send(3)
        #expect(log == ["in 1", "out 1", "in 2", "out 2", "in 3", "out 3"])
        withExtendedLifetime(cancellable) {}
    }

    @Test(arguments: AmbImplementation.all)
    func cancellingFromInsideAnUnlimitedDeliveryReleasesTheDownstream(_ implementation: AmbImplementation) {
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
            implementation.amb(first, second).subscribe(subscriber)
            first.send(1)
            first.send(2)
        }
        #expect(delivered == [1])
        #expect(weakSubscriber == nil)
    }

    /// A cancel from another thread races values being delivered (in the library's buffer,
    /// handed over without its lock): nothing crashes, and the downstream is released,
    /// whichever side releases it.
    @Test(arguments: AmbImplementation.all)
    func cancelRacingUnlimitedValuesReleasesTheDownstream(_ implementation: AmbImplementation) {
        for _ in 0..<200 {
            weak var weakSubscriber: RecordingSubscriber<Int, Never>?
            let first = PassthroughSubject<Int, Never>()
            let second = PassthroughSubject<Int, Never>()
            do {
                let subscriber = RecordingSubscriber<Int, Never>()
                weakSubscriber = subscriber
                implementation.amb(first, second).subscribe(subscriber)
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

    @Test(arguments: AmbImplementation.all)
    func isSafeWhenTheSidesSendFromDifferentThreads(_ implementation: AmbImplementation) {
        for _ in 0..<200 {
            let first = PassthroughSubject<Int, Never>()
            let second = PassthroughSubject<Int, Never>()
            let trace = Trace()
            let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(50))
            implementation.amb(first, second).traced("amb", into: trace).subscribe(subscriber)
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
