import Backpressure
import CombineSchedulers
import ConcurrencyExtras
import Foundation
import OpenCombineShim
import Testing

@Suite("SteppingSubscriber, step and pace")
struct SteppingSubscriberTests {
    /// The pace article's erratic source, on a virtual clock: values at 0.0, 0.3, 0.6,
    /// 5.0, 5.3 and 5.6 seconds, then finished at 5.6.
    @Test func pacesTheErraticSourceOnVirtualTime() {
        let scheduler = DispatchQueue.test
        let start = scheduler.now
        func elapsed() -> Double {
            Double(start.distance(to: scheduler.now).magnitude) / 1_000_000_000
        }
        let erratic = PassthroughSubject<String, Never>()
        for (value, time) in [("A", 0.0), ("B", 0.3), ("C", 0.6), ("D", 5.0), ("E", 5.3), ("F", 5.6)] {
            scheduler.schedule(after: start.advanced(by: .milliseconds(Int(time * 1000)))) { erratic.send(value) }
        }
        scheduler.schedule(after: start.advanced(by: .milliseconds(5600))) { erratic.send(completion: .finished) }

        var log: [String] = []
        let paced = PassthroughSubject<String, Never>()
        let output = paced.sink(
            receiveCompletion: { _ in log.append("finished \(elapsed())") },
            receiveValue: { log.append("\($0) \(elapsed())") })
        let pacing = erratic
            .buffer(size: 1000, prefetch: .byRequest, whenFull: .dropOldest)
            .pace(.seconds(1), scheduler: scheduler, subject: paced)
        scheduler.advance(by: .seconds(10))

        #expect(log == ["A 0.0", "B 1.0", "C 2.0", "D 5.0", "E 6.0", "F 7.0", "finished 8.0"])
        withExtendedLifetime((output, pacing)) {}
    }

    @Test func asksForOneValueAndThenOnlyWhenThePromiseSaysMore() {
        let upstream = ManualPublisher<Int, Never>()
        var promises: [SteppingSubscriber<Int, Never>.Promise] = []
        let cancellable = upstream.step { event in
            if case let .input(_, promise) = event { promises.append(promise) }
        }
        #expect(upstream.subscription?.requests == [.max(1)])
        upstream.send(1)
        #expect(upstream.subscription?.requests == [.max(1)])
        promises[0](.more)
        #expect(upstream.subscription?.requests == [.max(1), .max(1)])
        withExtendedLifetime(cancellable) {}
    }

    @Test func aPromiseCompletedTwiceOrStaleDoesNothing() {
        let upstream = ManualPublisher<Int, Never>()
        var promises: [SteppingSubscriber<Int, Never>.Promise] = []
        let cancellable = upstream.step { event in
            if case let .input(_, promise) = event { promises.append(promise) }
        }
        upstream.send(1)
        promises[0](.more)
        promises[0](.more) // twice
        #expect(upstream.subscription?.requests == [.max(1), .max(1)])
        upstream.send(2)
        promises[0](.more) // stale
        promises[0](.cancel) // stale
        #expect(upstream.subscription?.requests == [.max(1), .max(1)])
        #expect(upstream.subscription?.isCancelled == false)
        promises[1](.more)
        #expect(upstream.subscription?.requests == [.max(1), .max(1), .max(1)])
        withExtendedLifetime(cancellable) {}
    }

    @Test func moreInsideTheStepperIsReturnedAsDemandNotRequested() {
        let upstream = ManualPublisher<Int, Never>()
        var seen: [Int] = []
        let cancellable = upstream.step { event in
            if case let .input(value, promise) = event {
                seen.append(value)
                promise(.more)
            }
        }
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(1))
        #expect(upstream.subscription?.requests == [.max(1)])
        #expect(seen == [1, 2])
        withExtendedLifetime(cancellable) {}
    }

    @Test func cancelPromiseCancelsUpstream() {
        let upstream = ManualPublisher<Int, Never>()
        var completions = 0
        let cancellable = upstream.step { event in
            switch event {
            case let .input(_, promise): promise(.cancel)
            case .completion: completions += 1
            }
        }
        #expect(upstream.send(1) == .none)
        #expect(upstream.subscription?.isCancelled == true)
        #expect(upstream.send(2) == .none)
        #expect(completions == 0)
        withExtendedLifetime(cancellable) {}
    }

    @Test func cancellingTheCancellableCancelsUpstreamAndReleasesTheStepper() {
        let upstream = ManualPublisher<Int, Never>()
        weak var weakToken: Token?
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = upstream.step { _ in withExtendedLifetime(token) {} }
        }
        #expect(weakToken != nil)
        cancellable?.cancel()
        #expect(upstream.subscription?.isCancelled == true)
        #expect(weakToken == nil)
    }

    @Test func completionReachesTheStepperOnce() {
        let upstream = ManualPublisher<Int, Never>()
        var completions: [Subscribers.Completion<Never>] = []
        let cancellable = upstream.step { event in
            if case let .completion(completion) = event { completions.append(completion) }
        }
        upstream.send(completion: .finished)
        upstream.send(completion: .finished)
        #expect(completions.count == 1)
        withExtendedLifetime(cancellable) {}
    }

    @Test func promisesCompletedFromOtherThreadsDeliverEveryValueOnceInOrder() async {
        let count = 2_000
        let done = DispatchSemaphore(value: 0)
        let received = LockIsolated<[Int]>([])
        let cancellable = (0..<count).publisher.step { event in
            switch event {
            case let .input(value, promise):
                received.withValue { $0.append(value) }
                DispatchQueue.global().async { promise(.more); promise(.more) }
            case .completion:
                done.signal()
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { done.wait(); continuation.resume() }
        }
        #expect(received.value == Array(0..<count))
        withExtendedLifetime(cancellable) {}
    }
}
