import Backpressure
import CombineSchedulers
import Foundation
import OpenCombineShim
import Testing

/// The behaviour of `MySink`, run against the library's and the plain one chapter 2 teaches
/// first (`Sources/PlainBackpressure/PlainMySink.swift`).
@Suite("MySink")
struct MySinkTests {
    /// `mySink(receiveCompletion:receiveValue:)` subscribes a library `MySink`, and its
    /// cancellable cancels when released.
    @Test func mySinkSubscribesTheLibrarysSinkAndCancelsWhenReleased() {
        let upstream = ManualPublisher<Int, Never>()
        var values: [Int] = []
        do {
            let sink = upstream.mySink(receiveCompletion: { _ in }, receiveValue: { values.append($0); return false })
            upstream.send(1)
            sink.resume()
            upstream.send(2)
        }
        #expect(values == [1, 2])
        #expect(upstream.subscription?.requests == [.max(1), .max(1)])
        #expect(upstream.subscription?.isCancelled == true)
    }

    @Test(arguments: SinkImplementation.all)
    func behavesLikeSinkWhenAlwaysPulling(_ implementation: SinkImplementation) {
        var log: [String] = []
        let sink = implementation.sink([1, 2, 3, 4, 5].publisher,
            receiveCompletion: { log.append("completion: \($0)") },
            receiveValue: { log.append("value: \($0)"); return true })
        #expect(log == ["value: 1", "value: 2", "value: 3", "value: 4", "value: 5", "completion: finished"])
        withExtendedLifetime(sink) {}
    }

    @Test(arguments: SinkImplementation.all)
    func asksForOneValueAtATime(_ implementation: SinkImplementation) {
        let upstream = ManualPublisher<Int, Never>()
        let sink = implementation.sink(upstream, receiveCompletion: { _ in }, receiveValue: { _ in true })
        #expect(upstream.subscription?.requests == [.max(1)])
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.subscription?.requests == [.max(1)])
        withExtendedLifetime(sink) {}
    }

    @Test(arguments: SinkImplementation.all)
    func pausesOnFalseAndResumesFromOutside(_ implementation: SinkImplementation) {
        var received: [Int] = []
        let sink = implementation.sink((1...).publisher,
            receiveCompletion: { _ in },
            receiveValue: { received.append($0); return received.count % 2 != 0 })
        #expect(received == [1, 2])
        sink.resume()
        #expect(received == [1, 2, 3, 4])
        sink.cancel()
        sink.resume()
        #expect(received == [1, 2, 3, 4])
    }

    @Test(arguments: SinkImplementation.all)
    func resumeWhilePullingAsksForNothing(_ implementation: SinkImplementation) {
        let upstream = ManualPublisher<Int, Never>()
        let sink = implementation.sink(upstream, receiveCompletion: { _ in }, receiveValue: { _ in false })
        sink.resume()
        sink.resume()
        #expect(upstream.subscription?.requests == [.max(1)])
        upstream.send(1)
        sink.resume()
        sink.resume()
        #expect(upstream.subscription?.requests == [.max(1), .max(1)])
    }

    @Test(arguments: SinkImplementation.all)
    func aResumeDuringDeliveryIsNotLost(_ implementation: SinkImplementation) {
        let upstream = ManualPublisher<Int, Never>()
        var sink: SinkUnderTest?
        sink = implementation.sink(upstream, receiveCompletion: { _ in }, receiveValue: { _ in
            sink?.resume() // e.g. a timer firing on another thread while we decide to pause
            return false
        })
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.subscription?.requests == [.max(1)])
    }

    @Test(arguments: SinkImplementation.all)
    func pullsFivePerTimerTickOnVirtualTime(_ implementation: SinkImplementation) {
        let scheduler = DispatchQueue.test
        var batch: [Int] = []
        var ticks: [[Int]] = []
        let sink = implementation.sink((1...).publisher,
            receiveCompletion: { _ in },
            receiveValue: { batch.append($0); return batch.count < 5 })
        let timer = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(1)) {
            ticks.append(batch)
            batch.removeAll()
            sink.resume()
        }
        #expect(batch == [1, 2, 3, 4, 5])
        scheduler.advance(by: .seconds(3))
        #expect(ticks == [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15]])
        #expect(batch == [16, 17, 18, 19, 20])
        timer.cancel()
    }

    @Test(arguments: SinkImplementation.all)
    func releasesWhatItCapturedOnCompletionAndOnCancel(_ implementation: SinkImplementation) {
        for ending in ["completion", "cancel"] {
            let upstream = ManualPublisher<Int, Never>()
            weak var token: Token?
            let sink: SinkUnderTest
            do {
                let captured = Token()
                token = captured
                sink = implementation.sink(upstream, receiveCompletion: { _ in withExtendedLifetime(captured) {} },
                                       receiveValue: { _ in true })
            }
            #expect(token != nil)
            if ending == "completion" { upstream.send(completion: .finished) } else { sink.cancel() }
            #expect(token == nil, "after \(ending)")
            sink.resume() // Nothing to resume: asks for nothing.
            #expect(upstream.subscription?.requests == [.max(1)], "after \(ending)")
        }
    }

    @Test(arguments: SinkImplementation.all)
    func doesNotKeepItsSubscriptionAfterCompletionOrCancel(_ implementation: SinkImplementation) {
        for ending in ["completion", "cancel"] {
            let sink = implementation.make({ _ in }, { _ in true })
            weak var weakSubscription: ManualPublisher<Int, Never>.Subscription?
            do {
                let subscription = ManualPublisher<Int, Never>.Subscription(sink.subscriber)
                weakSubscription = subscription
                sink.subscriber.receive(subscription: subscription)
                if ending == "completion" { subscription.send(completion: .finished) } else { sink.cancel() }
            }
            #expect(weakSubscription == nil, "after \(ending)")
        }
    }

    @Test(arguments: SinkImplementation.all)
    func refusesASecondSubscription(_ implementation: SinkImplementation) {
        let sink = implementation.make({ _ in }, { _ in true })
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        first.subscribe(sink.subscriber)
        second.subscribe(sink.subscriber)
        #expect(second.subscription?.isCancelled == true)
        #expect(first.subscription?.isCancelled == false)
    }

    @Test(arguments: SinkImplementation.all)
    func resumesFromManyThreadsKeepAtMostOneValueOutstanding(_ implementation: SinkImplementation) {
        let upstream = ManualPublisher<Int, Never>()
        let upstreamQueue = DispatchQueue(label: "upstream") // An upstream sends serially.
        var received = 0
        let sink = implementation.sink(upstream, receiveCompletion: { _ in }, receiveValue: { _ in
            received += 1 // Only ever called on upstreamQueue.
            return false
        })
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            if index % 2 == 0 {
                sink.resume()
            } else {
                upstreamQueue.sync {
                    if upstream.subscription!.requests.count > received { upstream.send(index) }
                }
            }
        }
        let requests = upstream.subscription!.requests
        #expect(requests.allSatisfy { $0 == .max(1) })
        upstreamQueue.sync {
            #expect(requests.count - received >= 0)
            #expect(requests.count - received <= 1)
        }
    }
}
