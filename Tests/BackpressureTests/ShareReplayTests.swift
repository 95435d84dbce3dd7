@testable import Backpressure
import BackpressureTrace
import Foundation
import OpenCombineShim
import Testing

/// Every test runs against the library's ShareReplay and the plain one that chapter 5
/// teaches first (`.whileConnected`, which only the library's has, is tested in
/// `ShareReplayScopeTests`).
@Suite("ShareReplay")
struct ShareReplayTests {
    @Test(arguments: ShareReplayImplementation.all)
    func replaysTheLatestValuesAndTheCompletionToLateSubscribers(_ implementation: ShareReplayImplementation) {
        let subject = PassthroughSubject<String, Never>()
        var upstreamSubscriptions = 0
        let shared = implementation.share(subject
            .handleEvents(receiveSubscription: { _ in upstreamSubscriptions += 1 }), 2)
        var log: [String] = []
        func subscribe(_ name: String) -> AnyCancellable {
            shared.sink(receiveCompletion: { log.append("\(name) \($0)") },
                        receiveValue: { log.append("\(name) \($0)") })
        }
        subject.send("a")
        let one = subscribe("1")
        subject.send("b")
        subject.send("c")
        subject.send("d")
        let two = subscribe("2")
        subject.send("e")
        subject.send("f")
        subject.send(completion: .finished)
        let three = subscribe("3")
        #expect(log == [
            "1 b", "1 c", "1 d", "2 c", "2 d", "1 e", "2 e", "1 f", "2 f",
            "1 finished", "2 finished", "3 e", "3 f", "3 finished",
        ])
        #expect(upstreamSubscriptions == 1)
        withExtendedLifetime((one, two, three)) {}
    }

    @Test(arguments: ShareReplayImplementation.all)
    func replaysAFailure(_ implementation: ShareReplayImplementation) {
        let subject = PassthroughSubject<Int, TestError>()
        let shared = implementation.share(subject, 1)
        let early = RecordingSubscriber<Int, TestError>()
        shared.subscribe(early)
        subject.send(1)
        subject.send(completion: .failure(TestError()))
        let late = RecordingSubscriber<Int, TestError>()
        shared.subscribe(late)
        #expect(late.values == [1])
        guard case .failure = late.completions.first else {
            Issue.record("expected a failure, got \(late.completions)")
            return
        }
    }

    @Test(arguments: ShareReplayImplementation.all)
    func honoursEachSubscribersDemandAndCompletesAfterWhatItMayStillAskFor(_ implementation: ShareReplayImplementation) {
        let subject = PassthroughSubject<Int, Never>()
        let trace = Trace()
        let shared = implementation.share(subject, 10).traced("shared", into: trace)
        let slow = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        let fast = RecordingSubscriber<Int, Never>()
        shared.subscribe(slow)
        shared.subscribe(fast)
        (1...4).forEach(subject.send)
        subject.send(completion: .finished)
        #expect(fast.values == [1, 2, 3, 4])
        #expect(fast.completions.count == 1)
        #expect(slow.values == [1])
        #expect(slow.completions.isEmpty)
        slow.request(.max(2))
        #expect(slow.values == [1, 2, 3])
        #expect(slow.completions.isEmpty)
        slow.request(.max(1))
        #expect(slow.values == [1, 2, 3, 4])
        #expect(slow.completions.count == 1)
        #expect(trace.violations.isEmpty)
    }

    @Test(arguments: ShareReplayImplementation.all)
    func aSubscriberMaySubscribeAgainOrCancelFromInsideADelivery(_ implementation: ShareReplayImplementation) {
        let subject = PassthroughSubject<Int, Never>()
        let shared = implementation.share(subject, 3)
        var inner: [Int] = []
        var innerCancellable: AnyCancellable?
        var outerCancellable: AnyCancellable?
        outerCancellable = shared.sink { value in
            if value == 1 {
                innerCancellable = shared.sink { inner.append($0) } // Subscribe from inside.
            }
            if value == 2 {
                outerCancellable?.cancel() // Cancel from inside.
            }
        }
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(inner == [1, 2, 3])
        #expect(shared.activeSubscriptionCount == 1)
        withExtendedLifetime(innerCancellable) {}
    }

    @Test(arguments: ShareReplayImplementation.all)
    func cancellingSendsNoCompletionReleasesTheSubscriberAndRemovesIt(_ implementation: ShareReplayImplementation) {
        let subject = PassthroughSubject<Int, Never>()
        let shared = implementation.share(subject)
        weak var weakSubscriber: RecordingSubscriber<Int, Never>?
        do {
            let subscriber = RecordingSubscriber<Int, Never>()
            weakSubscriber = subscriber
            shared.subscribe(subscriber)
            subject.send(1)
            #expect(shared.activeSubscriptionCount == 1)
            subscriber.cancel()
            #expect(subscriber.completions.isEmpty)
            #expect(shared.activeSubscriptionCount == 0)
        }
        #expect(weakSubscriber == nil)
    }

    @Test(arguments: ShareReplayImplementation.all)
    func doesNotRetainTheUpstreamAfterItEnds(_ implementation: ShareReplayImplementation) {
        weak var weakSubscription: ManualPublisher<Int, Never>.Subscription?
        let shared: SharedUnderTest<Int, Never>
        let subscriber = RecordingSubscriber<Int, Never>()
        do {
            let upstream = ManualPublisher<Int, Never>()
            shared = implementation.share(upstream)
            shared.subscribe(subscriber)
            weakSubscription = upstream.subscription
            #expect(weakSubscription?.requests == [.unlimited])
            upstream.send(1)
            upstream.send(completion: .finished)
        }
        #expect(weakSubscription == nil)
        #expect(subscriber.values == [1])
        withExtendedLifetime(shared) {}
    }

    @Test(arguments: ShareReplayImplementation.all)
    func releasingThePublisherCancelsTheUpstream(_ implementation: ShareReplayImplementation) {
        let upstream = ManualPublisher<Int, Never>()
        do {
            let shared = implementation.share(upstream)
            let cancellable = shared.sink { _ in }
            cancellable.cancel()
        }
        #expect(upstream.subscription?.isCancelled == true)
    }

    @Test(arguments: ShareReplayImplementation.all)
    func aBufferOfZeroReplaysNothing(_ implementation: ShareReplayImplementation) {
        let subject = PassthroughSubject<Int, Never>()
        let shared = implementation.share(subject, 0)
        let early = RecordingSubscriber<Int, Never>()
        shared.subscribe(early)
        subject.send(1)
        let late = RecordingSubscriber<Int, Never>()
        shared.subscribe(late)
        subject.send(2)
        #expect(early.values == [1, 2])
        #expect(late.values == [2])
    }

    @Test(arguments: ShareReplayImplementation.all)
    func concurrentSubscribeAndCancelLoseAndDuplicateNothing(_ implementation: ShareReplayImplementation) {
        let subject = PassthroughSubject<Int, Never>()
        let shared = implementation.share(subject) // Replays everything.
        let count = 2_000
        let trace = Trace()
        let audited = shared.traced("shared", into: trace)
        let keepers = (0..<8).map { _ in RecordingSubscriber<Int, Never>() }
        // Connect before anything is sent: a subject sends nothing to nobody.
        let first = RecordingSubscriber<Int, Never>()
        audited.subscribe(first)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            for value in 0..<count { subject.send(value) }
            subject.send(completion: .finished)
        }
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for _ in 0..<50 { // Churn: subscribe and cancel while values flow.
                let transient = RecordingSubscriber<Int, Never>()
                audited.subscribe(transient)
                transient.cancel()
                let values = transient.values
                #expect(values == Array(0..<values.count))
            }
            audited.subscribe(keepers[index])
        }
        group.wait()
        for keeper in keepers + [first] {
            #expect(keeper.values == Array(0..<count))
            #expect(keeper.completions.count == 1)
        }
        #expect(trace.violations.isEmpty)
        #expect(shared.activeSubscriptionCount == 0)
    }
}
