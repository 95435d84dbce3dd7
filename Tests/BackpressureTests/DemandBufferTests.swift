import ConcurrencyExtras
import Foundation
import OpenCombineShim
import Testing

/// The demand buffer's contract, run against the library's `DemandBuffer` and the plain one
/// that chapter 4 teaches first. (Amb's and ShareReplay's tests check it again through the
/// operators.)
@Suite("DemandBuffer, the library's and the plain one")
struct DemandBufferTests {
    /// A downstream that records what it gets, and returns `more` from each value.
    final class Downstream: @unchecked Sendable {
        let log = LockIsolated<[String]>([])
        var more: (Int) -> Subscribers.Demand = { _ in .none }
        var onValue: (Int) -> Void = { _ in }

        var subscriber: BufferDownstream {
            AnySubscriber(
                receiveSubscription: { _ in self.log.withValue { $0.append("subscription") } },
                receiveValue: { value in
                    self.log.withValue { $0.append("\(value)") }
                    self.onValue(value)
                    return self.more(value)
                },
                receiveCompletion: { completion in
                    self.log.withValue { $0.append(completion.isFinished ? "finished" : "failed") }
                })
        }
    }

    @Test(arguments: BufferImplementation.all)
    func deliversNothingBeforeTheSubscription(_ make: BufferImplementation) {
        let downstream = Downstream()
        let buffer = make(downstream.subscriber)
        #expect(buffer.receive(1) == .none)
        buffer.receive(completion: .finished)
        _ = buffer.request(.unlimited)
        #expect(downstream.log.value == [])
        _ = buffer.start(with: Subscriptions.empty)
        #expect(downstream.log.value == ["subscription", "1", "finished"])
    }

    @Test(arguments: BufferImplementation.all)
    func neverDeliversMoreThanAskedForAndQueuesTheRest(_ make: BufferImplementation) {
        let downstream = Downstream()
        let buffer = make(downstream.subscriber)
        _ = buffer.start(with: Subscriptions.empty)
        for value in 1...5 { _ = buffer.receive(value) }
        #expect(downstream.log.value == ["subscription"])
        _ = buffer.request(.max(2))
        #expect(downstream.log.value == ["subscription", "1", "2"])
        _ = buffer.request(.max(2))
        #expect(downstream.log.value == ["subscription", "1", "2", "3", "4"])
        _ = buffer.request(.max(2)) // One left; one more may pass straight through.
        #expect(buffer.receive(6) == .none)
        #expect(downstream.log.value == ["subscription", "1", "2", "3", "4", "5", "6"])
        _ = buffer.receive(7)
        #expect(downstream.log.value.last == "6")
    }

    @Test(arguments: BufferImplementation.all)
    func aCompletionWaitsBehindTheQueuedValues(_ make: BufferImplementation) {
        let downstream = Downstream()
        let buffer = make(downstream.subscriber)
        _ = buffer.start(with: Subscriptions.empty)
        _ = buffer.receive(1)
        _ = buffer.receive(2)
        buffer.receive(completion: .failure(TestError()))
        _ = buffer.request(.max(1))
        #expect(downstream.log.value == ["subscription", "1"])
        _ = buffer.request(.max(1))
        #expect(downstream.log.value == ["subscription", "1", "2", "failed"])
    }

    @Test(arguments: BufferImplementation.all)
    func completesOnceAndTakesNothingAfter(_ make: BufferImplementation) {
        let downstream = Downstream()
        let buffer = make(downstream.subscriber)
        _ = buffer.start(with: Subscriptions.empty)
        _ = buffer.request(.unlimited)
        buffer.receive(completion: .finished)
        buffer.receive(completion: .finished)
        #expect(buffer.receive(1) == .none)
        #expect(downstream.log.value == ["subscription", "finished"])
    }

    @Test(arguments: BufferImplementation.all)
    func deliversAReplayThenItsCompletion(_ make: BufferImplementation) {
        let downstream = Downstream()
        let buffer = make(downstream.subscriber, queued: [1, 2, 3], completion: .finished)
        _ = buffer.start(with: Subscriptions.empty)
        _ = buffer.request(.max(2))
        #expect(downstream.log.value == ["subscription", "1", "2"])
        _ = buffer.request(.max(1))
        #expect(downstream.log.value == ["subscription", "1", "2", "3", "finished"])
    }

    @Test(arguments: BufferImplementation.all)
    func passesOnTheDemandTheDownstreamReturns(_ make: BufferImplementation) {
        let downstream = Downstream()
        downstream.more = { _ in .max(1) }
        let buffer = make(downstream.subscriber, queued: [1, 2, 3])
        _ = buffer.start(with: Subscriptions.empty)
        // Each of the three values returned one more: three to pass upstream.
        #expect(buffer.request(.max(1)) == .max(3))
        #expect(downstream.log.value == ["subscription", "1", "2", "3"])
        // One demand is left: the next value passes straight through, and its more is returned.
        #expect(buffer.receive(4) == .max(1))
    }

    /// Beyond what the downstream asked for, at most `capacity` values wait; the oldest go first.
    @Test(arguments: BufferImplementation.all, [0, 1, 2])
    func keepsAtMostCapacityBeyondTheDemand(_ make: BufferImplementation, capacity: Int) {
        let downstream = Downstream()
        let buffer = make(downstream.subscriber, capacity: capacity)
        _ = buffer.start(with: Subscriptions.empty)
        for value in 1...5 { _ = buffer.receive(value) }
        buffer.receive(completion: .finished)
        _ = buffer.request(.unlimited)
        let kept = (1...5).suffix(capacity).map { "\($0)" }
        #expect(downstream.log.value == ["subscription"] + kept + ["finished"])
    }

    @Test(arguments: BufferImplementation.all)
    func aValueSentFromInsideADeliveryComesAfterIt(_ make: BufferImplementation) {
        for demand in [Subscribers.Demand.unlimited, .max(5)] {
            let downstream = Downstream()
            let buffer = make(downstream.subscriber)
            downstream.onValue = { value in
                downstream.log.withValue { $0.append("in \(value)") }
                if value == 1 { _ = buffer.receive(2) }
                downstream.log.withValue { $0.append("out \(value)") }
            }
            _ = buffer.start(with: Subscriptions.empty)
            _ = buffer.request(demand)
            _ = buffer.receive(1)
            #expect(downstream.log.value == ["subscription", "1", "in 1", "out 1", "2", "in 2", "out 2"], "\(demand)")
        }
    }

    @Test(arguments: BufferImplementation.all)
    func cancellingSendsNothingMoreAndReleasesTheDownstream(_ make: BufferImplementation) {
        weak var weakToken: Token?
        let downstream = Downstream()
        let buffer: any DemandBufferUnderTest
        do {
            let token = Token()
            weakToken = token
            let recording = downstream.subscriber
            buffer = make(AnySubscriber(
                receiveSubscription: { recording.receive(subscription: $0) },
                receiveValue: { withExtendedLifetime(token) {}; return recording.receive($0) },
                receiveCompletion: { recording.receive(completion: $0) }))
        }
        _ = buffer.start(with: Subscriptions.empty)
        _ = buffer.receive(1)
        buffer.cancel()
        #expect(weakToken == nil)
        _ = buffer.request(.unlimited)
        _ = buffer.receive(2)
        buffer.receive(completion: .finished)
        #expect(downstream.log.value == ["subscription"])
    }

    @Test(arguments: BufferImplementation.all)
    func cancellingFromInsideADeliveryStopsIt(_ make: BufferImplementation) {
        let downstream = Downstream()
        let buffer = make(downstream.subscriber, queued: [1, 2, 3], completion: .finished)
        downstream.onValue = { _ in buffer.cancel() }
        _ = buffer.start(with: Subscriptions.empty)
        #expect(buffer.request(.unlimited) == .none)
        #expect(downstream.log.value == ["subscription", "1"])
    }

    /// Values offered from several threads at once reach the downstream one at a time, each
    /// once, within the demand it returns.
    @Test(arguments: BufferImplementation.all, [Subscribers.Demand.unlimited, .max(1)])
    func valuesFromManyThreadsAreDeliveredOneAtATime(_ make: BufferImplementation, demand: Subscribers.Demand) {
        let downstream = Downstream()
        let inside = LockIsolated(0)
        let overlapped = LockIsolated(false)
        downstream.onValue = { _ in
            inside.withValue { $0 += 1; if $0 > 1 { overlapped.setValue(true) } }
            for _ in 0..<20 where inside.value > 1 { overlapped.setValue(true) } // Stay inside a while.
            inside.withValue { $0 -= 1 }
        }
        downstream.more = { _ in demand == .unlimited ? .none : .max(1) }
        let buffer = make(downstream.subscriber)
        _ = buffer.start(with: Subscriptions.empty)
        _ = buffer.request(demand)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<250 { _ = buffer.receive(thread * 1000 + value) }
        }
        let values = downstream.log.value.dropFirst()
        #expect(values.count == 1000)
        #expect(Set(values).count == 1000)
        #expect(!overlapped.value)
    }
}
