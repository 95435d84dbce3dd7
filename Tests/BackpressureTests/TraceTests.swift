import Backpressure
import BackpressureTrace
import CombineSchedulers
import Foundation
import OpenCombineShim
import Testing

/// The auditor: each break of the protocol is reported once, under its Reactive Streams
/// rule, at the event that broke it; the ledger adds up.
@Suite("Trace")
struct TraceTests {
    @Test func aRudePublisherIsCaughtOverDeliveringAndSendingAfterItFinished() {
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        TraceRudePublisher(script: [.value(1), .value(2), .value(3), .finish, .value(4), .finish])
            .traced("rude", into: trace)
            .subscribe(subscriber)

        #expect(trace.violations.map(\.rule) == ["1.1", "1.7", "1.7"])
        #expect(trace.violations.map(\.event) == [6, 8, 9])
        #expect(trace.violations.first?.message == "rude delivered 3 with no demand outstanding: 2 requested, 3 delivered")
        #expect(trace.violations[1].message == "rude sent the value 4 after it had completed")
        #expect(trace.violations[2].message == "rude completed twice; the second was .finished")
        // The hop passed on what was within the rules, and nothing after the completion.
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions.count == 1)
    }

    @Test func aValueBeforeTheSubscriptionBreaksRule1_9() {
        let trace = Trace()
        TraceRudePublisher(script: [], early: [7])
            .traced("eager", into: trace)
            .subscribe(RecordingSubscriber<Int, Never>())
        #expect(trace.violations.map(\.rule) == ["1.9"])
        #expect(trace.violations.first?.message == "eager sent the value 7 before the subscription")
    }

    @Test func aSecondSubscriptionBreaksRule2_12AndIsNotPassedOn() {
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        TraceRudePublisher(script: [], subscribesTwice: true)
            .traced("twice", into: trace)
            .subscribe(subscriber)
        #expect(trace.violations.map(\.rule) == ["2.12"])
        let subscriptions = subscriber.events.filter { if case .subscription = $0 { return true } else { return false } }
        #expect(subscriptions.count == 1)
    }

    @Test func requestingNothingBreaksRule3_9AndIsNotPassedOn() {
        let trace = Trace()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.traced("zero", into: trace).subscribe(subscriber)
        subscriber.request(.none)
        subscriber.request(.max(1))
        #expect(trace.violations.map(\.rule) == ["3.9"])
        #expect(upstream.subscription?.requests == [.max(1)])
    }

    @Test func unboundedRecursionBreaksRule3_3Once() {
        let trace = Trace(recursionLimit: 8)
        var depth = 0
        var recursing: RecordingSubscriber<Int, Never>?
        recursing = RecordingSubscriber<Int, Never>(initialDemand: .max(1)) { _ in
            depth += 1
            if depth < 20 { recursing?.subscription?.request(.max(1)) }
            return .none
        }
        TraceRecursivePublisher().traced("naive", into: trace).subscribe(recursing!)
        #expect(trace.violations.map(\.rule) == ["3.3"])
        #expect(trace.violations.first?.message.contains("nested 9 deep") == true)
        #expect(recursing?.values.count == 20)
    }

    @Test func withALimitOfOneAnyNestedReceiveBreaksRule3_3() {
        let trace = Trace(recursionLimit: 1)
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never> { value in
            if value == 1 { subject.send(2) }
            return .none
        }
        subject.traced("your publisher", into: trace).subscribe(subscriber)
        subject.send(1)
        subject.send(3)
        #expect(trace.violations.map(\.rule) == ["3.3"])
        #expect(trace.violations.first?.message
                == "your publisher sent 2 from inside receive(_:), nested 2 deep: request and receive must not call each other recursively")
        #expect(subscriber.values == [1, 2, 3])
    }

    @Test func aReceiveOnAnotherThreadIsNotNestedInOneStillRunning() {
        let trace = Trace(recursionLimit: 1)
        let upstream = ManualPublisher<Int, Never>()
        let firstIsRunning = DispatchSemaphore(value: 0)
        let secondIsDone = DispatchSemaphore(value: 0)
        let subscriber = RecordingSubscriber<Int, Never> { value in
            if value == 1 {
                firstIsRunning.signal()
                secondIsDone.wait()
            }
            return .none
        }
        upstream.traced("shared", into: trace).subscribe(subscriber)
        let first = DispatchGroup()
        DispatchQueue.global().async(group: first) { upstream.send(1) }
        firstIsRunning.wait()
        upstream.send(2) // On this thread, while the first receive(_:) still runs on another.
        secondIsDone.signal()
        first.wait()
        #expect(trace.violations.isEmpty)
        #expect(subscriber.values.sorted() == [1, 2])
    }

    @Test func aValueAfterCancelBreaksRule1_8AndAnUpstreamThatKeepsItsSubscriberBreaks3_13() {
        let trace = Trace()
        var cancelling: RecordingSubscriber<Int, Never>?
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(5)) { value in
            if value == 1 { cancelling?.cancel() }
            return .none
        }
        cancelling = subscriber
        let deaf = TraceRudePublisher(script: [.value(1), .value(2)])
        deaf.traced("deaf", into: trace).subscribe(subscriber)
        #expect(trace.violations.map(\.rule) == ["3.13", "1.8"])
        #expect(trace.violations.first?.message == "the upstream of deaf still holds its subscriber after cancel(); it should let go of it")
        #expect(subscriber.values == [1])
        withExtendedLifetime(deaf) {}
    }

    @Test func anUpstreamThatLetsGoAfterCancelIsNotReported() {
        let trace = Trace()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        subject.traced("subject", into: trace).subscribe(subscriber)
        subject.send(1)
        subscriber.cancel()
        subject.send(2)
        #expect(trace.violations.isEmpty)
        #expect(trace.events.map(\.kind).last == .cancel)
    }

    @Test func theLedgerCountsRequestsAndDemandReturnedFromReceive() {
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2)) { $0 == 0 ? .max(3) : .none }
        Publishers.fibonacci(count: .unlimited).traced("fib", into: trace).subscribe(subscriber)
        let ledger = trace.ledger(of: "fib")
        #expect(ledger?.requested == .max(5))
        #expect(ledger?.delivered == 5)
        #expect(ledger?.outstanding == Subscribers.Demand.none)
        #expect(trace.events.compactMap { event -> Subscribers.Demand? in
            if case let .value(_, returned) = event.kind { return returned } else { return nil }
        } == [.max(3), .none, .none, .none, .none])
        #expect(trace.violations.isEmpty)
    }

    @Test func aTracedHopChangesNothingDownstream() {
        let plain = RecordingSubscriber<Int, Never>(initialDemand: .max(4))
        let traced = RecordingSubscriber<Int, Never>(initialDemand: .max(4))
        Publishers.fibonacci(count: .max(10)).subscribe(plain)
        Publishers.fibonacci(count: .max(10)).traced("fib", into: Trace()).subscribe(traced)
        plain.request(.max(10))
        traced.request(.max(10))
        #expect(traced.values == plain.values)
        #expect(traced.values.count == 10)
        #expect(traced.isFinished && plain.isFinished)
    }

    @Test func onASchedulerEventsCarryTheirTime() {
        let scheduler = DispatchQueue.test
        let trace = Trace(scheduler: scheduler)
        let subject = PassthroughSubject<String, Never>()
        let cancellable = subject.traced("timed", into: trace).sink { _ in }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(1_500))) { subject.send("late") }
        scheduler.advance(by: .seconds(2))
        #expect(trace.events.map(\.time) == [0, 0, 0, 1.5])
        cancellable.cancel()
    }

    @Test func severalSubscriptionsThroughOneHopGetLanesOfTheirOwn() {
        let trace = Trace()
        let hop = Publishers.fibonacci(count: .max(3)).traced("fib", into: trace)
        hop.subscribe(RecordingSubscriber<Int, Never>(initialDemand: .max(1)))
        hop.subscribe(RecordingSubscriber<Int, Never>(initialDemand: .max(2)))
        #expect(trace.hops == ["fib", "fib#2"])
        #expect(trace.ledger(of: "fib")?.delivered == 1)
        #expect(trace.ledger(of: "fib#2")?.delivered == 2)
    }
}

/// The library's own publishers, subscribers and operators keep the protocol: no false
/// alarms from the auditor.
@Suite("Trace on well-behaved pipelines")
struct TraceWellBehavedTests {
    @Test func fibonacciAcrossSeveralRequests() {
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2)) { _ in .max(1) }
        Publishers.fibonacci(count: .max(8)).traced("fib", into: trace).subscribe(subscriber)
        #expect(trace.violations.isEmpty)
        #expect(trace.ledger(of: "fib")?.delivered == 8)
        #expect(subscriber.isFinished)
    }

    @Test func fibonacciWithPrefixCancellingFromInside() {
        let trace = Trace()
        let cancellable = Publishers.fibonacci(count: .unlimited)
            .traced("fib", into: trace)
            .prefix(4)
            .traced("prefix", into: trace)
            .sink { _ in }
        #expect(trace.violations.isEmpty)
        #expect(trace.events.filter { $0.hop == "fib" }.map(\.kind).last == .cancel)
        cancellable.cancel()
    }

    @Test func ambTheWinnerAndTheLosersCancel() {
        let trace = Trace()
        let first = PassthroughSubject<Int, Never>(), second = PassthroughSubject<Int, Never>()
        let cancellable = first.traced("first", into: trace)
            .amb(second.traced("second", into: trace))
            .traced("amb", into: trace)
            .sink { _ in }
        second.send(3)
        first.send(1)
        second.send(6)
        second.send(completion: .finished)
        #expect(trace.violations.isEmpty)
        #expect(trace.events.filter { $0.hop == "first" }.map(\.kind).last == .cancel)
        #expect(trace.ledger(of: "amb")?.delivered == 2)
        cancellable.cancel()
    }

    @Test func shareReplayLateSubscribersWithTheirOwnDemand() {
        let trace = Trace()
        let source = PassthroughSubject<Int, Never>()
        let shared = source.traced("source", into: trace).shareReplay(2)
        let early = RecordingSubscriber<Int, Never>()
        shared.traced("early", into: trace).subscribe(early)
        (1...3).forEach { source.send($0) }
        let late = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        shared.traced("late", into: trace).subscribe(late)
        late.request(.max(1))
        source.send(4)
        late.cancel()
        source.send(completion: .finished)
        #expect(trace.violations.isEmpty)
        #expect(late.values == [2, 3])
        #expect(trace.ledger(of: "late")?.outstanding == Subscribers.Demand.none)
    }

    @Test func mySinkPausingAndResuming() {
        let trace = Trace()
        var paused = true
        let sink = Publishers.fibonacci(count: .max(6)).traced("fib", into: trace)
            .mySink(receiveCompletion: { _ in }, receiveValue: { $0 < 2 || !paused })
        #expect(trace.ledger(of: "fib")?.delivered == 4)
        paused = false
        sink.resume()
        #expect(trace.violations.isEmpty)
        #expect(trace.ledger(of: "fib")?.delivered == 6)
    }

    @Test func paceThroughABuffer() {
        let scheduler = DispatchQueue.test
        let trace = Trace(scheduler: scheduler)
        let source = PassthroughSubject<String, Never>()
        let paced = PassthroughSubject<String, Never>()
        let output = paced.traced("paced", into: trace).sink { _ in }
        let pacing = source.traced("source", into: trace)
            .buffer(size: 10, prefetch: .byRequest, whenFull: .dropOldest)
            .traced("pace", into: trace)
            .pace(.seconds(1), scheduler: scheduler, subject: paced)
        ["A", "B", "C"].forEach { source.send($0) }
        source.send(completion: .finished)
        scheduler.advance(by: .seconds(5))
        #expect(trace.violations.isEmpty)
        #expect(trace.events.filter { $0.hop == "paced" }.compactMap(\.time) == [0, 0, 0, 0, 1, 2, 3])
        pacing.cancel()
        output.cancel()
    }
}

/// A value's own line breaks never reach a picture or a message as line breaks: the grid of
/// a timeline stays whole, and a check that quotes a learner's value writes only the lines
/// it means to.
@Suite struct TraceLineEndTests {
    struct Refusal: Error, CustomStringConvertible {
        var description: String { "refused\n✔ all checks passed" }
    }

    @Test func aValueOrAnErrorWithLineBreaksIsDrawnWithEscapes() {
        let trace = Trace()
        ["1a\n✔ Pager passed\r\nscore: 100"].publisher.setFailureType(to: Refusal.self)
            .append(Fail(error: Refusal()))
            .traced("pages", into: trace)
            .subscribe(RecordingSubscriber<String, Refusal>(initialDemand: .unlimited))
        let timeline = trace.timeline()
        #expect(timeline.contains(#"1a\u{A}✔ Pager passed\u{D}\u{A}score: 100"#), "\(timeline)")
        #expect(!timeline.contains("\n✔") && !timeline.contains("\nscore"), "\(timeline)")
        let events = trace.events.map(\.description).joined(separator: "\n")
        #expect(events.contains(#"receive(completion: .failure(refused\u{A}✔ all checks passed))"#), "\(events)")
        #expect(!events.contains("\n✔"), "\(events)")
    }

    @Test func textWithoutLineBreaksIsLeftAlone() {
        #expect(Trace.oneLine("page 3, ∞ \t done") == "page 3, ∞ \t done")
        #expect(Trace.oneLine("a\u{85}b\u{2029}c") == #"a\u{85}b\u{2029}c"#)
    }
}
