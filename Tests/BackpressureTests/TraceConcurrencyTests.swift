import Backpressure
import BackpressureTrace
import Foundation
import OpenCombineShim
import Testing

/// Recording from several threads at once: run these under ThreadSanitizer
/// (docs/maintainers.md, "Thread safety", gives the command CI runs).
@Suite("Trace under concurrency")
struct TraceConcurrencyTests {
    @Test func hopsOnSeveralThreadsRecordIntoOneTrace() {
        let trace = Trace()
        let subscribers = (0..<4).map { _ in RecordingSubscriber<Int, Never>(initialDemand: .max(1)) { _ in .max(1) } }
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            Publishers.fibonacci(count: .max(50)).traced("fib\(index)", into: trace).subscribe(subscribers[index])
        }
        #expect(Set(trace.hops) == Set((0..<4).map { "fib\($0)" }))
        for index in 0..<4 {
            #expect(trace.ledger(of: "fib\(index)")?.delivered == 50)
            #expect(subscribers[index].isFinished)
        }
        // Per hop: subscribe, subscription, one request, 50 values, finished.
        #expect(trace.events.count == 4 * 54)
        #expect(trace.violations.isEmpty)
    }

    @Test func requestsFromManyThreadsIntoOneHop() {
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        Publishers.fibonacci(count: .unlimited).traced("fib", into: trace).subscribe(subscriber)
        DispatchQueue.concurrentPerform(iterations: 90) { _ in subscriber.request(.max(1)) }
        let ledger = trace.ledger(of: "fib")
        #expect(ledger?.requested == .max(90))
        #expect(ledger?.delivered == 90)
        #expect(trace.violations.isEmpty)
        #expect(subscriber.values.count == 90)
    }

    @Test func picturesCanBeDrawnWhileEventsAreRecorded() {
        let trace = Trace()
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.traced("live", into: trace).sink { _ in }
        let sender = DispatchQueue(label: "sender")
        let group = DispatchGroup()
        sender.async(group: group) { (1...200).forEach { subject.send($0) } }
        var drawn = 0
        for _ in 0..<20 {
            drawn += trace.timeline().isEmpty ? 0 : 1
            _ = trace.violations
            _ = trace.handshake()
        }
        group.wait()
        #expect(drawn == 20)
        #expect(trace.ledger(of: "live")?.delivered == 200)
        #expect(trace.violations.isEmpty)
        cancellable.cancel()
    }
}

/// Reactive Streams lets a value that was already on its way overtake a cancel from another
/// thread (rule 2.8), but not one sent after the cancel on the same thread (rule 1.8).
@Suite("Trace and signals after cancel")
struct TraceAfterCancelTests {
    @Test func onlyASignalFromTheCancellingThreadIsReported() {
        let trace = Trace()
        let upstream = KeepingPublisher()
        let subscriber = RecordingSubscriber<Int, Never>()
        upstream.traced("kept", into: trace).subscribe(subscriber)
        upstream.send(1)
        subscriber.cancel()
        let group = DispatchGroup()
        DispatchQueue(label: "elsewhere").async(group: group) { upstream.send(2) }
        group.wait()
        #expect(trace.violations.map(\.rule) == ["3.13"])
        upstream.send(3)
        #expect(trace.violations.map(\.rule) == ["3.13", "1.8"])
        #expect(trace.violations.last?.message == "kept sent the value 3 after it was cancelled, on the thread that cancelled it")
        #expect(subscriber.values == [1])
    }
}

/// Keeps its subscriber for good, and sends to it whenever told, cancelled or not.
private final class KeepingPublisher: Publisher, Subscription {
    typealias Output = Int
    typealias Failure = Never
    private var subscriber: AnySubscriber<Int, Never>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: self)
    }

    func send(_ value: Int) { _ = subscriber?.receive(value) }
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}
