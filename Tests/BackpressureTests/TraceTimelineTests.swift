import Backpressure
import BackpressureTrace
import CombineSchedulers
import Foundation
import OpenCombineShim
import Testing

/// The pictures are plain text and the same on every run, so they are compared whole.
@Suite("Trace pictures")
struct TraceTimelineTests {
    /// Chapter 1's handshake: two values asked for, a pause, then five more.
    private func askTwiceTrace() -> Trace {
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        [10, 20, 30].publisher.traced("numbers", into: trace).subscribe(subscriber)
        subscriber.request(.max(5))
        return trace
    }

    @Test func timelineOfAPullThatPauses() {
        #expect(askTwiceTrace().timeline() == """
            #               2  3   5   6   8
            numbers request    2       5
                    event   ^--10--20--30--|
                    demand  0  1   0   4   4

            """)
    }

    @Test func handshakeOfAPullThatPauses() {
        #expect(askTwiceTrace().handshake() == """
                   Publisher                Subscription                Subscriber
                       |                          |                          |
                       |                    subscribe(_:)                    |
             1         |<----------------------------------------------------|
                       |               receive(subscription:)                |
             2         |---------------------------------------------------->|
                       |                          |    request(.max(2))      |
             3         |                          |<-------------------------|
                       |                          |  receive(10) -> .none    |
             4         |                          |------------------------->|
                       |                          |  receive(20) -> .none    |
             5         |                          |------------------------->|
                       |                          |    request(.max(5))      |
             6         |                          |<-------------------------|
                       |                          |  receive(30) -> .none    |
             7         |                          |------------------------->|
                       |                        receive(completion: .finished)
             8         |                          |------------------------->|
                       |                          |                          |

            """)
    }

    @Test func timelineMarksTheBrokenRulesAndSaysThemInWords() {
        let trace = Trace()
        TraceRudePublisher(script: [.value(1), .value(2), .value(3), .finish, .value(4)])
            .traced("rude", into: trace)
            .subscribe(RecordingSubscriber<Int, Never>(initialDemand: .max(2)))
        #expect(trace.timeline() == """
            #            2  3  5  6    7  8
            rude request    2
                 event   ^--1--2--3----|  4
                 demand  0  1  0  0    0  0
                 broken           1.1     1.7

            RS 1.1 at #6: rude delivered 3 with no demand outstanding: 2 requested, 3
              delivered
            RS 1.7 at #8: rude sent the value 4 after it had completed

            """)
    }

    @Test func severalHopsShareColumnsAndDemandReturnedFromReceiveIsShownWithAPlus() {
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1)) { $0 < 20 ? .max(1) : .none }
        Publishers.fibonacci(count: .max(5)).traced("fib", into: trace).map { $0 * 10 }.traced("tens", into: trace)
            .subscribe(subscriber)
        #expect(trace.timeline() == """
            #            3  5  7   9   11  13
            fib  request    1  +1  +1  +1
                 event   ^-----0---1---1---2---
                 demand  0  1  1   1   1   0
            tens request    1  +1  +1  +1
                 event   ^-----0---10--10--20--
                 demand  0  1  1   1   1   0

            """)
    }

    @Test func aWidePictureWrapsAtTheWidthAndKeepsEveryEvent() {
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1)) { _ in .max(1) }
        Publishers.fibonacci(count: .max(20)).traced("fib", into: trace).subscribe(subscriber)
        let picture = trace.timeline(width: 50)
        #expect(picture.split(separator: "\n").allSatisfy { $0.count <= 50 })
        #expect(picture.components(separatedBy: "#").count - 1 > 1) // More than one block.
        for value in subscriber.values {
            #expect(picture.contains(" \(value)-") || picture.contains("-\(value)-"))
        }
        #expect(picture.contains("4181--|"))
    }

    @Test func onVirtualTimeTheRulerGivesTheTime() {
        let scheduler = DispatchQueue.test
        let trace = Trace(scheduler: scheduler)
        let subject = PassthroughSubject<String, Never>()
        let cancellable = subject.traced("ticks", into: trace).sink { _ in }
        for (value, seconds) in [("a", 1), ("b", 3)] {
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(seconds))) { subject.send(value) }
        }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(4_500))) { subject.send(completion: .finished) }
        scheduler.advance(by: .seconds(5))
        #expect(trace.timeline() == """
            t             0     1  3  4.5
            ticks request    ∞
                  event   ^-----a--b--|
                  demand  0  ∞  ∞  ∞  ∞

            """)
        cancellable.cancel()
    }
}
