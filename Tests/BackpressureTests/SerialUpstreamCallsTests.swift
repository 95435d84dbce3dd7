import Backpressure
import ConcurrencyExtras
import Foundation
import OpenCombineShim
import Testing

/// Reactive Streams rule 2.7: "A Subscriber MUST ensure that all calls on its Subscription's
/// request and cancel methods are performed serially." A subscriber that asks for more from
/// outside `receive(_:)` (a `resume()`, a promise completed on another thread) must not start
/// a call while the previous one, which may have delivered its value synchronously, is still
/// on its way out.
@Suite("Rule 2.7: a subscriber's calls on its subscription are serial")
struct SerialUpstreamCallsTests {
    @Test func mySinkResumedFromTwoThreads() {
        let probe = SerialCallsProbe(count: 40)
        let sink = probe.mySink(receiveCompletion: { _ in }, receiveValue: { _ in false })
        // Two threads of their own: two blocks on a dispatch queue may share one.
        let resuming = DispatchGroup()
        for _ in 0..<2 {
            resuming.enter()
            Thread {
                for _ in 0..<15 { sink.resume() }
                resuming.leave()
            }.start()
        }
        resuming.wait()
        #expect(probe.requests > 1)
        #expect(!probe.sawOverlap)
        withExtendedLifetime(sink) {}
    }

    @Test func mySinkCancelledWhileAResumeIsInside() {
        let probe = SerialCallsProbe(count: 10, linger: .milliseconds(50))
        let sink = probe.mySink(receiveCompletion: { _ in }, receiveValue: { _ in false })
        probe.lingering.wait() // The request made on subscribing.
        let resumed = DispatchGroup()
        DispatchQueue.global().async(group: resumed) { sink.resume() }
        probe.lingering.wait() // The resume's request has delivered and is on its way out.
        sink.cancel()
        resumed.wait()
        #expect(probe.isCancelled)
        #expect(!probe.sawOverlap)
    }

    @Test func stepWithPromisesCompletedOnAnotherThread() {
        let probe = SerialCallsProbe(count: 30)
        let finished = DispatchSemaphore(value: 0)
        let cancellable = probe.step { event in
            switch event {
            case let .input(_, promise): DispatchQueue.global().async { promise(.more) }
            case .completion: finished.signal()
            }
        }
        #expect(finished.wait(timeout: .now() + 5) == .success)
        #expect(!probe.sawOverlap)
        withExtendedLifetime(cancellable) {}
    }

    @Test func stepCancelledWhileAPromisesRequestIsInside() {
        let probe = SerialCallsProbe(count: 10, linger: .milliseconds(50))
        let promises = LockIsolated<[SteppingSubscriber<Int, Never>.Promise]>([])
        let cancellable = probe.step { event in
            if case let .input(_, promise) = event { promises.withValue { $0.append(promise) } }
        }
        probe.lingering.wait() // The request made on subscribing.
        let completed = DispatchGroup()
        DispatchQueue.global().async(group: completed) { promises.value.last?(.more) }
        probe.lingering.wait() // The promise's request has delivered and is on its way out.
        cancellable.cancel()
        completed.wait()
        #expect(probe.isCancelled)
        #expect(!probe.sawOverlap)
    }

    @Test func paceOnAConcurrentScheduler() {
        let probe = SerialCallsProbe(count: 30)
        let finished = DispatchSemaphore(value: 0)
        let relay = PassthroughSubject<Int, Never>()
        let output = relay.sink(receiveCompletion: { _ in finished.signal() }, receiveValue: { _ in })
        let pacing = probe.pace(.seconds(0), scheduler: DispatchQueue.global(), subject: relay)
        #expect(finished.wait(timeout: .now() + 5) == .success)
        #expect(!probe.sawOverlap)
        withExtendedLifetime((output, pacing)) {}
    }
}
