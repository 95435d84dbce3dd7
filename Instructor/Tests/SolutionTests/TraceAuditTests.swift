import BackpressureTrace
import ExerciseChecks
import OpenCombineShim
import Testing

/// The publisher checks audit through a traced hop: a break of the protocol fails with
/// the Reactive Streams rule and the timeline, the offending event marked.
@Suite("Checks report broken rules with their picture")
struct TraceAuditTests {
    @Test func aCountdownThatIgnoresDemandFailsWithRule1_1AndItsTimeline() throws {
        let failure = try #require(CountdownCheck.check(countdown: { FloodingCountdown(start: $0) }).run().failure)
        #expect(failure.scenario == "honours a small demand, and later ones carry on where it stopped")
        #expect(failure.message == """
            broke Reactive Streams rule 1.1: your countdown delivered 3 with no demand outstanding: 2 requested, 3 delivered

            #                      2  3  5  6    7    8    9
            your countdown request    2
                           event   ^--5--4--3----2----1----|
                           demand  0  1  0  0    0    0    0
                           broken           1.1  1.1  1.1

            RS 1.1 at #6: your countdown delivered 3 with no demand outstanding: 2
              requested, 3 delivered
            RS 1.1 at #7: your countdown delivered 2 with no demand outstanding: 2
              requested, 4 delivered
            RS 1.1 at #8: your countdown delivered 1 with no demand outstanding: 2
              requested, 5 delivered

            """)
    }

    @Test func aCountdownThatRecursesFailsWithRule3_3WhereARequestIsMadeInsideReceive() throws {
        let failure = try #require(CountdownCheck.check(countdown: { RecursingCountdown(start: $0) }).run().failure)
        #expect(failure.scenario == "a request made inside receive(_:) neither recurses nor reorders")
        #expect(failure.message.hasPrefix("""
            broke Reactive Streams rule 3.3: your countdown sent 5 from inside receive(_:), nested 2 deep: \
            request and receive must not call each other recursively

            """))
    }

    @Test func theRuleTravelsWithTheFailure() {
        let subscriber = FloodingCountdown(start: 3).auditedSubscription(initialDemand: .max(1), culprit: "flood")
        do {
            try subscriber.audit()
            Issue.record("the audit passed a publisher that sent 3 values against a demand of 1")
        } catch let failure as CheckFailure {
            #expect(failure.rule == "1.1")
            #expect(failure.message.contains("broken        1.1  1.1"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(CheckFailure("a wrong result").rule == nil)
    }
}

/// Sends its whole countdown at the first request, whatever was asked for: the classic
/// mistake of a publisher that ignores demand.
private struct FloodingCountdown: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let start: Int

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        guard start > 0 else { return Empty().receive(subscriber: subscriber) }
        subscriber.receive(subscription: Flood(start: start, subscriber: AnySubscriber(subscriber)))
    }

    private final class Flood: Subscription {
        private let start: Int
        private var subscriber: AnySubscriber<Int, Never>?

        init(start: Int, subscriber: AnySubscriber<Int, Never>) {
            self.start = start
            self.subscriber = subscriber
        }

        func request(_ demand: Subscribers.Demand) {
            guard let subscriber else { return }
            self.subscriber = nil
            for value in stride(from: start, through: 1, by: -1) { _ = subscriber.receive(value) }
            subscriber.receive(completion: .finished)
        }

        func cancel() { subscriber = nil }
    }
}

/// Delivers from inside `request(_:)` with no guard against reentrance, so a request made
/// inside `receive(_:)` delivers the next value before that `receive(_:)` has returned. The
/// values still come in order; only the nesting is wrong.
private struct RecursingCountdown: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let start: Int

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        let subscription = Recursing(next: start, subscriber: AnySubscriber(subscriber))
        subscriber.receive(subscription: subscription)
        subscription.finishIfDone()
    }

    private final class Recursing: Subscription {
        private var next: Int
        private var subscriber: AnySubscriber<Int, Never>?
        private var demand = Subscribers.Demand.none

        init(next: Int, subscriber: AnySubscriber<Int, Never>) {
            self.next = next
            self.subscriber = subscriber
        }

        func request(_ more: Subscribers.Demand) {
            demand += more
            while demand > .none, next > 0, let subscriber {
                demand -= 1
                let value = next
                next -= 1
                demand += subscriber.receive(value)
            }
            finishIfDone()
        }

        func finishIfDone() {
            guard next == 0, let subscriber else { return }
            self.subscriber = nil
            subscriber.receive(completion: .finished)
        }

        func cancel() { subscriber = nil }
    }
}
