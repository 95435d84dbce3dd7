@testable import Backpressure
import Foundation
import OpenCombineShim
import Testing

@Suite("ShareReplay")
struct ShareReplayTests {
    @Test func replaysTheLatestValuesAndTheCompletionToLateSubscribers() {
        let subject = PassthroughSubject<String, Never>()
        var upstreamSubscriptions = 0
        let shared = subject
            .handleEvents(receiveSubscription: { _ in upstreamSubscriptions += 1 })
            .shareReplay(2)
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

    @Test func replaysAFailure() {
        let subject = PassthroughSubject<Int, TestError>()
        let shared = subject.shareReplay(1)
        let early = TestSubscriber<Int, TestError>()
        shared.subscribe(early)
        subject.send(1)
        subject.send(completion: .failure(TestError()))
        let late = TestSubscriber<Int, TestError>()
        shared.subscribe(late)
        #expect(late.values == [1])
        guard case .failure = late.completions.first else {
            Issue.record("expected a failure, got \(late.completions)")
            return
        }
    }

    @Test func honoursEachSubscribersDemandAndCompletesAfterWhatItMayStillAskFor() {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.shareReplay(10)
        let slow = TestSubscriber<Int, Never>(initialDemand: .max(1))
        let fast = TestSubscriber<Int, Never>()
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
        #expect(slow.violations.isEmpty && fast.violations.isEmpty)
    }

    @Test func aSubscriberMaySubscribeAgainOrCancelFromInsideADelivery() {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.shareReplay(3)
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

    @Test func cancellingSendsNoCompletionReleasesTheSubscriberAndRemovesIt() {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.shareReplay()
        weak var weakSubscriber: TestSubscriber<Int, Never>?
        do {
            let subscriber = TestSubscriber<Int, Never>()
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

    @Test func doesNotRetainTheUpstreamAfterItEnds() {
        weak var weakSubscription: TestPublisher<Int, Never>.Subscription?
        let shared: Publishers.ShareReplay<TestPublisher<Int, Never>>
        let subscriber = TestSubscriber<Int, Never>()
        do {
            let upstream = TestPublisher<Int, Never>()
            shared = upstream.shareReplay()
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

    @Test func releasingThePublisherCancelsTheUpstream() {
        let upstream = TestPublisher<Int, Never>()
        do {
            let shared = upstream.shareReplay()
            let cancellable = shared.sink { _ in }
            cancellable.cancel()
        }
        #expect(upstream.subscription?.isCancelled == true)
    }

    @Test func aBufferOfZeroReplaysNothing() {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.shareReplay(0)
        let early = TestSubscriber<Int, Never>()
        shared.subscribe(early)
        subject.send(1)
        let late = TestSubscriber<Int, Never>()
        shared.subscribe(late)
        subject.send(2)
        #expect(early.values == [1, 2])
        #expect(late.values == [2])
    }

    @Test func concurrentSubscribeAndCancelLoseAndDuplicateNothing() {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.shareReplay() // Replays everything.
        let count = 2_000
        let keepers = (0..<8).map { _ in TestSubscriber<Int, Never>() }
        // Connect before anything is sent: a subject sends nothing to nobody.
        let first = TestSubscriber<Int, Never>()
        shared.subscribe(first)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            for value in 0..<count { subject.send(value) }
            subject.send(completion: .finished)
        }
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for _ in 0..<50 { // Churn: subscribe and cancel while values flow.
                let transient = TestSubscriber<Int, Never>()
                shared.subscribe(transient)
                transient.cancel()
                let values = transient.values
                #expect(values == Array(0..<values.count))
            }
            shared.subscribe(keepers[index])
        }
        group.wait()
        for keeper in keepers + [first] {
            #expect(keeper.values == Array(0..<count))
            #expect(keeper.completions.count == 1)
            #expect(keeper.violations.isEmpty)
        }
        #expect(shared.activeSubscriptionCount == 0)
    }

    // Regression: trimming the queue to a capacity of 0 emptied it without saying so, and
    // the completion queued behind it was never delivered, even after more demand. The
    // same trimming runs for every size, so 1 and N are checked too.
    @Test(arguments: [0, 1, 3])
    func aSubscriberWithoutDemandStillGetsTheCompletionAfterAskingAgain(bufferSize: Int) {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.shareReplay(bufferSize)
        let early = TestSubscriber<Int, Never>(initialDemand: .max(1))
        shared.subscribe(early)
        subject.send(1)
        let late = TestSubscriber<Int, Never>(initialDemand: .max(1))
        shared.subscribe(late) // Arrives while the share is live, after the replay of 1.
        (2...5).forEach(subject.send)
        subject.send(completion: .finished)
        #expect(early.values == [1])
        // Values it may still ask for come before the completion; with a buffer of 0
        // none are kept, so the completion comes at once.
        #expect(early.completions.count == (bufferSize == 0 ? 1 : 0))
        let lateFirst = bufferSize == 0 ? [2] : [1]
        #expect(late.values == lateFirst)

        early.request(.max(5))
        late.request(.max(5))
        // The completion comes behind the latest `bufferSize` values it missed.
        let kept = { (missed: [Int]) in Array(missed.suffix(bufferSize)) }
        #expect(early.values == [1] + kept([2, 3, 4, 5]))
        #expect(late.values == lateFirst + kept(bufferSize == 0 ? [3, 4, 5] : [2, 3, 4, 5]))
        #expect(early.completions.count == 1)
        #expect(late.completions.count == 1)
        #expect(early.violations.isEmpty && late.violations.isEmpty)
    }

    // Regression: an upstream that completes without ever handing over a subscription
    // breaks the contract; the share must not end because of it.
    @Test func ignoresACompletionFromAnUpstreamThatNeverSubscribed() {
        let shared = CompletesWithoutSubscribing<Int, Never>().shareReplay(1)
        let subscriber = TestSubscriber<Int, Never>()
        shared.subscribe(subscriber)
        #expect(subscriber.completions.isEmpty)
        #expect(shared.activeSubscriptionCount == 1)
    }
}

/// Sends `.finished` to its subscriber without ever sending it a subscription.
private struct CompletesWithoutSubscribing<Output, Failure: Error>: Publisher {
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(completion: .finished)
    }
}
