import Backpressure
import CombineSchedulers
import ConcurrencyExtras
import Foundation
import OpenCombineShim
import Testing

/// Every test but the first runs against the library's SteppingSubscriber and the plain one
/// that chapter 6 teaches first.
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

    @Test(arguments: SteppingImplementation.all)
    func asksForOneValueAndThenOnlyWhenThePromiseSaysMore(_ stepping: SteppingImplementation) {
        let upstream = ManualPublisher<Int, Never>()
        var promises: [StepPromise] = []
        let cancellable = stepping.step(upstream.eraseToAnyPublisher()) { event in
            if case let .input(_, promise) = event { promises.append(promise) }
        }
        #expect(upstream.subscription?.requests == [.max(1)])
        upstream.send(1)
        #expect(upstream.subscription?.requests == [.max(1)])
        promises[0](.more)
        #expect(upstream.subscription?.requests == [.max(1), .max(1)])
        withExtendedLifetime(cancellable) {}
    }

    @Test(arguments: SteppingImplementation.all)
    func aPromiseCompletedTwiceOrStaleDoesNothing(_ stepping: SteppingImplementation) {
        let upstream = ManualPublisher<Int, Never>()
        var promises: [StepPromise] = []
        let cancellable = stepping.step(upstream.eraseToAnyPublisher()) { event in
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

    @Test(arguments: SteppingImplementation.all)
    func moreInsideTheStepperIsReturnedAsDemandNotRequested(_ stepping: SteppingImplementation) {
        let upstream = ManualPublisher<Int, Never>()
        var seen: [Int] = []
        let cancellable = stepping.step(upstream.eraseToAnyPublisher()) { event in
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

    @Test(arguments: SteppingImplementation.all)
    func cancelPromiseCancelsUpstream(_ stepping: SteppingImplementation) {
        let upstream = ManualPublisher<Int, Never>()
        var completions = 0
        let cancellable = stepping.step(upstream.eraseToAnyPublisher()) { event in
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

    @Test(arguments: SteppingImplementation.all)
    func cancellingTheCancellableCancelsUpstreamAndReleasesTheStepper(_ stepping: SteppingImplementation) {
        let upstream = ManualPublisher<Int, Never>()
        weak var weakToken: Token?
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = stepping.step(upstream.eraseToAnyPublisher()) { _ in withExtendedLifetime(token) {} }
        }
        #expect(weakToken != nil)
        cancellable?.cancel()
        #expect(upstream.subscription?.isCancelled == true)
        #expect(weakToken == nil)
    }

    /// Whoever ends the subscriber releases the stepper, once; a cancel that comes while
    /// the stepper runs leaves the releasing to `receive(_:)`, once the stepper returns.
    @Test(arguments: SteppingImplementation.all)
    func everyWayOutReleasesTheStepper(_ stepping: SteppingImplementation) {
        enum WayOut: CaseIterable { case completion, promiseCancel, cancelWhileStepping, cancelBetweenValues }
        for wayOut in WayOut.allCases {
            let upstream = ManualPublisher<Int, Never>()
            weak var weakToken: Token?
            var cancellable: AnyCancellable?
            var stepperRanAfterCancel = false
            do {
                let token = Token()
                weakToken = token
                cancellable = stepping.step(upstream.eraseToAnyPublisher()) { event in
                    withExtendedLifetime(token) {}
                    guard case let .input(_, promise) = event else { return }
                    switch wayOut {
                    case .promiseCancel: promise(.cancel)
                    case .cancelWhileStepping:
                        cancellable?.cancel()
                        stepperRanAfterCancel = weakToken != nil
                    case .completion, .cancelBetweenValues: promise(.more)
                    }
                }
            }
            upstream.send(1)
            switch wayOut {
            case .completion: upstream.send(completion: .finished)
            case .cancelBetweenValues: cancellable?.cancel()
            case .promiseCancel, .cancelWhileStepping: break
            }
            #expect(weakToken == nil, "\(wayOut)")
            if wayOut == .cancelWhileStepping { #expect(stepperRanAfterCancel) }
            withExtendedLifetime(cancellable) {}
        }
    }

    /// `cancel()` from another thread races the upstream's values and the promises: the
    /// stepper is released exactly once, whichever side ends up doing it.
    @Test(arguments: SteppingImplementation.all)
    func cancelRacingValuesReleasesTheStepperOnce(_ stepping: SteppingImplementation) async {
        for _ in 0..<200 {
            weak var weakToken: Token?
            let subject = PassthroughSubject<Int, Never>()
            var cancellable: AnyCancellable?
            do {
                let token = Token()
                weakToken = token
                cancellable = stepping.step(subject.buffer(size: 100, prefetch: .byRequest, whenFull: .dropOldest).eraseToAnyPublisher()) { event in
                    withExtendedLifetime(token) {}
                    if case let .input(_, promise) = event { promise(.more) }
                }
            }
            let cancelling = cancellable
            await withTaskGroup(of: Void.self) { group in
                group.addTask { for value in 0..<200 { subject.send(value) } }
                group.addTask { cancelling?.cancel() }
            }
            cancellable = nil
            #expect(weakToken == nil)
        }
    }

    @Test(arguments: SteppingImplementation.all)
    func completionReachesTheStepperOnce(_ stepping: SteppingImplementation) {
        let upstream = ManualPublisher<Int, Never>()
        var completions: [Subscribers.Completion<Never>] = []
        let cancellable = stepping.step(upstream.eraseToAnyPublisher()) { event in
            if case let .completion(completion) = event { completions.append(completion) }
        }
        upstream.send(completion: .finished)
        upstream.send(completion: .finished)
        #expect(completions.count == 1)
        withExtendedLifetime(cancellable) {}
    }

    @Test(arguments: SteppingImplementation.all)
    func promisesCompletedFromOtherThreadsDeliverEveryValueOnceInOrder(_ stepping: SteppingImplementation) async {
        let count = 2_000
        let done = DispatchSemaphore(value: 0)
        let received = LockIsolated<[Int]>([])
        let cancellable = stepping.step((0..<count).publisher.eraseToAnyPublisher()) { event in
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
