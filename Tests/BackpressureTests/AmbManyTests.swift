import Backpressure
import BackpressureTrace
import Foundation
import OpenCombineShim
import Testing

@Suite("Publishers.amb over many")
struct AmbManyTests {
    @Test func theFirstToSendWinsAndTheOthersAreCancelled() {
        let publishers = (0..<4).map { _ in ManualPublisher<Int, Never>() }
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>()
        Publishers.amb(publishers).traced("amb", into: trace).subscribe(subscriber)
        #expect(publishers.allSatisfy { $0.subscription?.requests == [.unlimited] })

        publishers[2].send(20)
        #expect(publishers.indices.map { publishers[$0].subscription?.isCancelled } == [true, true, false, true])
        publishers[0].send(1) // A loser, cancelled: not heard even if it sends anyway.
        publishers[2].send(21)
        publishers[2].send(completion: .finished)
        #expect(subscriber.values == [20, 21])
        #expect(subscriber.isFinished)
        #expect(trace.violations.isEmpty)
    }

    @Test func aCompletionDecidesTheRaceToo() {
        let slow = PassthroughSubject<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, TestError>()
        Publishers.amb(slow.eraseToAnyPublisher(), Fail(error: TestError()).eraseToAnyPublisher())
            .subscribe(subscriber)
        slow.send(1)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.count == 1)
    }

    @Test func publishersAfterOneThatDecidesWhileSubscribingAreNeverSubscribed() {
        let late = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        Publishers.amb(Just(7).eraseToAnyPublisher(), late.eraseToAnyPublisher()).subscribe(subscriber)
        #expect(subscriber.values == [7])
        #expect(subscriber.isFinished)
        #expect(late.subscriptions.isEmpty)
    }

    @Test func withNoPublishersItFinishesAtOnce() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        Publishers.amb([PassthroughSubject<Int, Never>]()).subscribe(subscriber)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.isFinished)
    }

    @Test func honoursDemandAndCancelReachesEveryone() {
        let publishers = (0..<3).map { _ in ManualPublisher<Int, Never>() }
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        Publishers.amb(publishers).subscribe(subscriber)
        #expect(publishers.allSatisfy { $0.subscription?.requests == [.max(1)] })
        subscriber.cancel()
        #expect(publishers.allSatisfy { $0.subscription?.isCancelled == true })
    }

    @Test func concurrentSendersProduceExactlyOneWinner() async {
        for _ in 0..<200 {
            let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
            let trace = Trace()
            let subscriber = RecordingSubscriber<Int, Never>()
            Publishers.amb(subjects).traced("amb", into: trace).subscribe(subscriber)
            await withTaskGroup(of: Void.self) { group in
                for (index, subject) in subjects.enumerated() {
                    group.addTask { subject.send(index) }
                }
            }
            #expect(subscriber.values.count == 1)
            #expect(trace.violations.isEmpty)
        }
    }
}
