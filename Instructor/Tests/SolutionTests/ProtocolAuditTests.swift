import ExerciseChecks
import OpenCombineShim
import Testing

/// The audit every publisher check relies on, `auditedSubscription`: the traced hop in
/// front of the check's subscriber must notice each break of the protocol and say it in
/// the learner's terms, under its Reactive Streams rule.
@Suite struct ProtocolAuditTests {
    @Test func moreValuesThanRequestedBreaksRule1_1() {
        let subscriber = ScriptedPublisher<Never>([.value(1), .value(2), .value(3)])
            .auditedSubscription(initialDemand: .max(2), culprit: "your subscription")
        expectBroken(subscriber, rule: "1.1",
                     "your subscription delivered 3 with no demand outstanding: 2 requested, 3 delivered")
    }

    @Test func demandReturnedFromReceiveCounts() throws {
        let subscriber = ScriptedPublisher<Never>((1...5).map { .value($0) })
            .auditedSubscription(initialDemand: .max(1), culprit: "your publisher") { _, _ in .max(1) }
        try subscriber.audit()
        #expect(subscriber.values == [1, 2, 3, 4, 5])
    }

    @Test func aValueAfterCompletionBreaksRule1_7() {
        let subscriber = ScriptedPublisher<Never>([.completion(.finished), .value(7)])
            .auditedSubscription(initialDemand: .unlimited, culprit: "your publisher")
        expectBroken(subscriber, rule: "1.7", "your publisher sent the value 7 after it had completed")
        #expect(subscriber.values.isEmpty, "the hop passes nothing on after a completion")
    }

    @Test func aSecondCompletionBreaksRule1_7() {
        let subscriber = ScriptedPublisher<ProbeFailure>([.completion(.finished), .completion(.failure(ProbeFailure()))])
            .auditedSubscription(initialDemand: .unlimited, culprit: "your operator")
        expectBroken(subscriber, rule: "1.7", "your operator completed twice; the second was .failure(ProbeFailure)")
        #expect(subscriber.completion == .finished)
    }

    @Test func aSecondSubscriptionBreaksRule2_12() {
        let subscriber = ScriptedPublisher<Never>([], subscribesTwice: true)
            .auditedSubscription(initialDemand: .unlimited, culprit: "your publisher")
        expectBroken(subscriber, rule: "2.12",
                     "your publisher sent a second subscription to the same subscriber; a subscriber takes only one")
    }

    @Test func aNestedReceiveBreaksRule3_3() {
        let publisher = PassthroughSubject<Int, Never>()
        let subscriber = publisher.auditedSubscription(initialDemand: .unlimited, culprit: "your publisher") { value, _ in
            if value == 1 { publisher.send(2) }
            return .none
        }
        publisher.send(1)
        expectBroken(subscriber, rule: "3.3",
                     "your publisher sent 2 from inside receive(_:), nested 2 deep: request and receive must not call each other recursively")
    }

    @Test func aPublisherThatKeepsTheRulesPasses() throws {
        let subscriber = ScriptedPublisher<Never>([.value(1), .value(2), .completion(.finished)])
            .auditedSubscription(initialDemand: .max(2), culprit: "your publisher")
        try subscriber.audit()
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.isFinished)
    }

    /// Expects the audit to fail with `rule`, its first line saying `message`, followed by
    /// the timeline with the offending event marked.
    private func expectBroken<Input, Failure>(
        _ subscriber: ProbeSubscriber<Input, Failure>, rule: String, _ message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            try subscriber.audit()
            Issue.record("the audit passed; expected rule \(rule) broken", sourceLocation: sourceLocation)
        } catch let failure as CheckFailure {
            #expect(failure.rule == rule, sourceLocation: sourceLocation)
            let lines = failure.message.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first.map(String.init) == "broke Reactive Streams rule \(rule): \(message)", sourceLocation: sourceLocation)
            #expect(lines.contains { $0.hasPrefix("RS \(rule) at #") }, "the timeline lists the break", sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }
}

@Suite struct ProbePublisherTests {
    @Test func handsOutItsSupplyAsDemandArrivesAndRecordsEveryRequest() throws {
        let publisher = ProbePublisher<Int, Never>(supplying: [1, 2, 3], thenFinish: true)
        let subscriber = publisher.auditedSubscription(initialDemand: .max(2), culprit: "probe")
        #expect(subscriber.values == [1, 2])
        #expect(!subscriber.isFinished)
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.isFinished)
        #expect(publisher.subscription?.requests == [.max(2), .max(1)])
        try subscriber.audit()
    }

    @Test func neverSendsPastDemand() throws {
        let publisher = ProbePublisher<Int, Never>()
        let subscriber = publisher.auditedSubscription(initialDemand: .max(1), culprit: "probe")
        #expect(publisher.send(1) == 1)
        #expect(publisher.send(2) == 0)
        #expect(subscriber.values == [1])
        try subscriber.audit()
    }
}

/// Plays its script at the first request, whatever was asked for: a publisher that breaks
/// the protocol in whichever way a test writes down.
private struct ScriptedPublisher<Failure: Error>: Publisher {
    typealias Output = Int

    enum Step {
        case value(Int)
        case completion(Subscribers.Completion<Failure>)
    }

    let script: [Step]
    /// Hands the subscriber a second subscription right after the first.
    let subscribesTwice: Bool

    init(_ script: [Step], subscribesTwice: Bool = false) {
        self.script = script
        self.subscribesTwice = subscribesTwice
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Failure {
        subscriber.receive(subscription: Player(script: script, subscriber: AnySubscriber(subscriber)))
        if subscribesTwice { subscriber.receive(subscription: Player(script: [], subscriber: AnySubscriber(subscriber))) }
    }

    private final class Player: Subscription {
        private let script: [Step]
        private var subscriber: AnySubscriber<Int, Failure>?

        init(script: [Step], subscriber: AnySubscriber<Int, Failure>) {
            self.script = script
            self.subscriber = subscriber
        }

        func request(_ demand: Subscribers.Demand) {
            guard let subscriber else { return }
            self.subscriber = nil
            for step in script {
                switch step {
                case let .value(value): _ = subscriber.receive(value)
                case let .completion(completion): subscriber.receive(completion: completion)
                }
            }
        }

        func cancel() { subscriber = nil }
    }
}
