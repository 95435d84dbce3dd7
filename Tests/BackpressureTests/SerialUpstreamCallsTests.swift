import Backpressure
import ConcurrencyExtras
import Foundation
import OpenCombineShim
import Testing
import WorkbookTestSupport

/// Reactive Streams rule 2.7: "A Subscriber MUST ensure that all calls on its Subscription's
/// request and cancel methods are performed serially." A subscriber that asks for more from
/// outside `receive(_:)` (a `resume()`, a promise completed on another thread) must not start
/// a call while the previous one, which may have delivered its value synchronously, is still
/// on its way out.
///
/// Each test blocks threads on purpose (the probe lingers inside a call), so its pipeline
/// runs off the test runner's pool, and the test checks what the probe saw once it is done.
@Suite("Rule 2.7: a subscriber's calls on its subscription are serial")
struct SerialUpstreamCallsTests {
    @Test func mySinkResumedFromTwoThreads() async throws {
        let probe = SerialCallsProbe(count: 40)
        try await offThePool {
            let sink = UncheckedSendable(probe.mySink(receiveCompletion: { _ in }, receiveValue: { _ in false }))
            // Two threads of their own: two blocks on a dispatch queue may share one.
            let resuming = DispatchGroup()
            for _ in 0..<2 {
                resuming.enter()
                Thread {
                    for _ in 0..<15 { sink.value.resume() }
                    resuming.leave()
                }.start()
            }
            resuming.wait()
        }
        #expect(probe.requests > 1)
        #expect(!probe.sawOverlap)
    }

    @Test func mySinkCancelledWhileAResumeIsInside() async throws {
        let probe = SerialCallsProbe(count: 10, linger: .milliseconds(50))
        try await offThePool {
            let sink = UncheckedSendable(probe.mySink(receiveCompletion: { _ in }, receiveValue: { _ in false }))
            probe.lingering.wait() // The request made on subscribing.
            let resumed = DispatchGroup()
            DispatchQueue.global().async(group: resumed) { sink.value.resume() }
            probe.lingering.wait() // The resume's request has delivered and is on its way out.
            sink.value.cancel()
            resumed.wait()
        }
        #expect(probe.isCancelled)
        #expect(!probe.sawOverlap)
    }

    @Test(arguments: SteppingImplementation.all)
    func stepWithPromisesCompletedOnAnotherThread(_ stepping: SteppingImplementation) async throws {
        let probe = SerialCallsProbe(count: 20)
        let finished = try await offThePool {
            let finished = DispatchSemaphore(value: 0)
            let cancellable = stepping.step(probe.eraseToAnyPublisher()) { event in
                switch event {
                case let .input(_, promise):
                    // Once the stepper has returned, while the request that delivered the
                    // value lingers (completed while stepping, it would be returned as
                    // demand). On a thread of its own: dispatch's workers may all be busy.
                    Thread {
                        usleep(300)
                        promise(.more)
                    }.start()
                case .completion: finished.signal()
                }
            }
            defer { withExtendedLifetime(cancellable) {} }
            return finished.wait(timeout: .now() + 60) == .success // A guard against a hang only.
        }
        #expect(finished)
        #expect(!probe.sawOverlap)
    }

    @Test(arguments: SteppingImplementation.all)
    func stepCancelledWhileAPromisesRequestIsInside(_ stepping: SteppingImplementation) async throws {
        let probe = SerialCallsProbe(count: 10, linger: .milliseconds(50))
        try await offThePool {
            let promises = LockIsolated<[StepPromise]>([])
            let cancellable = stepping.step(probe.eraseToAnyPublisher()) { event in
                if case let .input(_, promise) = event { promises.withValue { $0.append(promise) } }
            }
            probe.lingering.wait() // The request made on subscribing.
            let completed = DispatchGroup()
            DispatchQueue.global().async(group: completed) { promises.value.last?(.more) }
            probe.lingering.wait() // The promise's request has delivered and is on its way out.
            cancellable.cancel()
            completed.wait()
        }
        #expect(probe.isCancelled)
        #expect(!probe.sawOverlap)
    }

    @Test func paceOnAConcurrentScheduler() async throws {
        let probe = SerialCallsProbe(count: 20)
        let finished = try await offThePool {
            let finished = DispatchSemaphore(value: 0)
            let relay = PassthroughSubject<Int, Never>()
            let output = relay.sink(receiveCompletion: { _ in finished.signal() }, receiveValue: { _ in })
            // The pace's promise is completed on a worker thread while the request lingers.
            let pacing = probe.pace(.microseconds(300), scheduler: DispatchQueue.global(), subject: relay)
            defer { withExtendedLifetime((output, pacing)) {} }
            return finished.wait(timeout: .now() + 60) == .success // A guard against a hang only.
        }
        #expect(finished)
        #expect(!probe.sawOverlap)
    }
}
