import Backpressure
import BackpressureTrace
import Foundation
import OpenCombineShim
import Testing

/// Bugs found by running peers' test suites against the library. Each test failed before
/// its fix.
@Suite("Regressions")
struct RegressionTests {
    /// A subscriber that asked for one value misses the next for lack of demand; the
    /// completion must still reach it, and a late subscriber, whatever the buffer size.
    @Test(arguments: [0, 1, 3])
    func shareReplayNeverLosesTheCompletion(bufferSize: Int) {
        let subject = PassthroughSubject<Int, Never>()
        let trace = Trace()
        let shared = subject.shareReplay(bufferSize).traced("shared", into: trace)
        let early = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        shared.subscribe(early)
        subject.send(1)
        let late = RecordingSubscriber<Int, Never>(initialDemand: .none)
        shared.subscribe(late)
        (2...5).forEach(subject.send)
        subject.send(completion: .finished)
        early.request(.max(5))
        late.request(.max(5))

        // Values beyond demand are kept up to the buffer size, the oldest dropped first.
        let kept = Array([2, 3, 4, 5].suffix(bufferSize))
        #expect(early.values == [1] + kept)
        #expect(early.isFinished, "buffer size \(bufferSize)")
        #expect(late.values == Array([1, 2, 3, 4, 5].suffix(bufferSize)))
        #expect(late.isFinished, "late subscriber, buffer size \(bufferSize)")
        #expect(trace.violations.isEmpty)
    }

    @Test func fibonacciWithACountOfNoneFinishesAtSubscription() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        Publishers.fibonacci(count: .none).subscribe(subscriber)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.isFinished)
    }

    @Test func shareReplayIgnoresACompletionFromAnUpstreamThatNeverSubscribedIt() {
        let shared = CompletesWithoutSubscription().shareReplay(1)
        let subscriber = RecordingSubscriber<Int, Never>()
        shared.subscribe(subscriber)
        #expect(subscriber.completions.isEmpty)
        let second = RecordingSubscriber<Int, Never>()
        shared.subscribe(second)
        #expect(second.completions.isEmpty, "the share was not ended for later subscribers")
    }

    @Test func aDiscardedMySinkCancelsAndAKeptOneDoesNot() {
        let upstream = ManualPublisher<Int, Never>()
        do {
            _ = upstream.mySink(receiveCompletion: { _ in }, receiveValue: { _ in true })
        }
        #expect(upstream.subscriptions.first?.isCancelled == true)

        let kept = upstream.mySink(receiveCompletion: { _ in }, receiveValue: { _ in true })
        #expect(upstream.subscriptions.last?.isCancelled == false)
        withExtendedLifetime(kept) {}
    }
}

/// Breaks the contract: completes its subscriber without sending a subscription first.
private struct CompletesWithoutSubscription: Publisher {
    typealias Output = Int
    typealias Failure = Never

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscriber.receive(completion: .finished)
    }
}
