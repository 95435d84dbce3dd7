@testable import Backpressure
import BackpressureTrace
import Foundation
import OpenCombineShim
import Testing

@Suite("Fibonacci")
struct FibonacciTests {
    /// Everything `fibonacci(count:)` sends a subscriber that asks for everything, through
    /// a traced hop that audits it.
    private func values(count: Subscribers.Demand) -> ([Int], RecordingSubscriber<Int, Never>, Trace) {
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>()
        Publishers.fibonacci(count: count).traced("fibonacci", into: trace).subscribe(subscriber)
        return (subscriber.values, subscriber, trace)
    }

    @Test func sendsTheSeedsExamples() {
        #expect(values(count: .max(10)).0 == [0, 1, 1, 2, 3, 5, 8, 13, 21, 34])
        #expect(values(count: .max(1)).0 == [0])
        #expect(values(count: .max(2)).0 == [0, 1])
        let (none, subscriber, _) = values(count: .none)
        #expect(none.isEmpty)
        #expect(subscriber.isFinished)
    }

    @Test func theDefaultCountIsSix() {
        let subscriber = RecordingSubscriber<Int, Never>()
        Publishers.fibonacci().subscribe(subscriber)
        #expect(subscriber.values == [0, 1, 1, 2, 3, 5])
        #expect(subscriber.isFinished)
    }

    @Test func unlimitedSendsEveryNumberThatFitsInIntThenFinishes() {
        let (all, subscriber, trace) = values(count: .unlimited)
        #expect(all.count == 93)
        #expect(all.last == 7_540_113_804_746_346_429)
        #expect(zip(all.dropFirst(2), zip(all, all.dropFirst())).allSatisfy { $0 == $1.0 + $1.1 })
        #expect(subscriber.completions.count == 1)
        #expect(trace.violations.isEmpty)
    }

    @Test func prefixCancelsFromInsideReceiveAndTheLoopStops() {
        var received: [Int] = []
        var cancels = 0
        let cancellable = Publishers.fibonacci(count: .unlimited)
            .handleEvents(receiveCancel: { cancels += 1 })
            .prefix(5)
            .sink { received.append($0) }
        #expect(received == [0, 1, 1, 2, 3])
        #expect(cancels == 1)
        withExtendedLifetime(cancellable) {}
    }

    @Test func fibonacciSubscriberWithALimitGetsOnlyThatMany() {
        var received: [Int] = []
        var completed = false
        Publishers.fibonacci(count: .max(5))
            .handleEvents(receiveOutput: { received.append($0) }, receiveCompletion: { _ in completed = true })
            .subscribe(FibonacciSubscriber(limit: .max(3)))
        #expect(received == [0, 1, 1])
        #expect(completed == false)
    }

    @Test func continuesTheSequenceAcrossRequests() {
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        Publishers.fibonacci(count: .max(10)).traced("fibonacci", into: trace).subscribe(subscriber)
        #expect(subscriber.values == [0, 1])
        subscriber.request(.max(3))
        #expect(subscriber.values == [0, 1, 1, 2, 3])
        subscriber.request(.max(1))
        #expect(subscriber.values == [0, 1, 1, 2, 3, 5])
        #expect(trace.violations.isEmpty)
    }

    @Test func honoursTheDemandReturnedFromReceive() {
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1)) { $0 < 5 ? .max(1) : .none }
        Publishers.fibonacci(count: .max(20)).traced("fibonacci", into: trace).subscribe(subscriber)
        #expect(subscriber.values == [0, 1, 1, 2, 3, 5])
        #expect(trace.violations.isEmpty)
        #expect(subscriber.completions.isEmpty)
    }

    @Test func finishesRightAfterTheLastCountedValueEvenWithoutDemand() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        Publishers.fibonacci(count: .max(3)).subscribe(subscriber)
        #expect(subscriber.values == [0, 1, 1])
        #expect(subscriber.completions.count == 1)
    }

    @Test func reentrantRequestsNeitherRecurseNorReorder() {
        var depth = 0
        var maxDepth = 0
        var received: [Int] = []
        final class Box { var subscription: Subscription? }
        let box = Box()
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: { box.subscription = $0; $0.request(.max(1)) },
            receiveValue: { value in
                depth += 1; maxDepth = max(maxDepth, depth); defer { depth -= 1 }
                received.append(value)
                box.subscription?.request(.max(1)) // Reentrant.
                return .none
            },
            receiveCompletion: { _ in })
        Publishers.fibonacci(count: .unlimited).subscribe(subscriber)
        #expect(received.count == 93)
        #expect(maxDepth == 1)
        #expect(received.prefix(6) == [0, 1, 1, 2, 3, 5])
    }

    @Test func cancelFromInsideReceiveStopsAtOnce() {
        final class Box { var subscription: Subscription? }
        let box = Box()
        var received: [Int] = []
        Publishers.fibonacci(count: .unlimited).subscribe(AnySubscriber<Int, Never>(
            receiveSubscription: { box.subscription = $0; $0.request(.unlimited) },
            receiveValue: { value in
                received.append(value)
                if received.count == 4 { box.subscription?.cancel() }
                return .none
            },
            receiveCompletion: { _ in received.append(-1) }))
        #expect(received == [0, 1, 1, 2])
    }

    @Test func releasesTheSubscriberOnCompletionAndOnCancel() {
        weak var finished: RecordingSubscriber<Int, Never>?
        weak var cancelled: RecordingSubscriber<Int, Never>?
        var subscriptions: [Subscription] = []
        do {
            let one = RecordingSubscriber<Int, Never>()
            Publishers.fibonacci(count: .max(3)).subscribe(one)
            finished = one
            let two = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
            Publishers.fibonacci(count: .max(3)).subscribe(two)
            cancelled = two
            subscriptions = [one.subscription!, two.subscription!]
            two.cancel()
        }
        #expect(finished == nil)
        #expect(cancelled == nil)
        withExtendedLifetime(subscriptions) {}
    }

    @Test func concurrentRequestsDeliverEachValueOnceInOrder() {
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        Publishers.fibonacci(count: .unlimited).traced("fibonacci", into: trace).subscribe(subscriber)
        DispatchQueue.concurrentPerform(iterations: 90) { _ in subscriber.request(.max(1)) }
        subscriber.request(.max(10))
        let values = subscriber.values
        #expect(values.count == 93)
        #expect(values == { var s = FibonacciSequence(); return (0..<93).map { _ in s.next()! } }())
        #expect(trace.violations.isEmpty)
        #expect(subscriber.completions.count == 1)
    }

    /// A request from another thread that lands while the sending loop is giving up its
    /// role must still be served (a lost-wakeup race found while writing chapter 3).
    @Test func aRequestRacingTheEndOfTheLoopIsNeverLost() {
        for _ in 0..<20_000 {
            let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
            Publishers.fibonacci(count: .unlimited).subscribe(subscriber)
            DispatchQueue.concurrentPerform(iterations: 2) { _ in subscriber.request(.max(1)) }
            guard subscriber.values.count == 2 else {
                Issue.record("two concurrent request(.max(1)) delivered \(subscriber.values.count) values")
                return
            }
        }
    }

    @Test func theSequenceEndsInsteadOfOverflowing() {
        var sequence = FibonacciSequence()
        var count = 0
        while sequence.next() != nil { count += 1 }
        #expect(count == 93)
        #expect(sequence.isExhausted)
        #expect(sequence.next() == nil)
    }
}
