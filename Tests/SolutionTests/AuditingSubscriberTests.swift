import ExerciseChecks
import OpenCombineShim
import Testing

/// The audit every publisher check relies on: it must notice each breach of the protocol
/// and say it in the learner's terms.
@Suite struct AuditingSubscriberTests {
    @Test func moreValuesThanRequestedIsABreach() {
        let subscriber = AuditingSubscriber<Int, Never>(initialDemand: .max(2), culprit: "your subscription")
        subscriber.receive(subscription: ProbeSubscription<Int, Never>())
        for value in 1...3 { _ = subscriber.receive(value) }
        #expect(throws: CheckFailure("after request(.max(2)) your subscription delivered 3 values")) { try subscriber.audit() }
    }

    @Test func demandReturnedFromReceiveCounts() throws {
        let subscriber = AuditingSubscriber<Int, Never>(initialDemand: .max(1), culprit: "your publisher") { _, _ in .max(1) }
        subscriber.receive(subscription: ProbeSubscription<Int, Never>())
        for value in 1...5 { _ = subscriber.receive(value) }
        try subscriber.audit()
    }

    @Test func aValueAfterCompletionIsABreach() {
        let subscriber = AuditingSubscriber<Int, Never>(initialDemand: .unlimited, culprit: "your publisher")
        subscriber.receive(subscription: ProbeSubscription<Int, Never>())
        subscriber.receive(completion: .finished)
        _ = subscriber.receive(7)
        #expect(throws: CheckFailure("your publisher sent the value 7 after it had completed with .finished")) { try subscriber.audit() }
    }

    @Test func aSecondCompletionIsABreach() {
        let subscriber = AuditingSubscriber<Int, ProbeFailure>(initialDemand: .unlimited, culprit: "your operator")
        subscriber.receive(subscription: ProbeSubscription<Int, ProbeFailure>())
        subscriber.receive(completion: .finished)
        subscriber.receive(completion: .failure(ProbeFailure()))
        #expect(throws: CheckFailure("your operator completed twice: .finished, then .failure(ProbeFailure)")) { try subscriber.audit() }
    }

    @Test func aNestedReceiveIsABreach() {
        let publisher = PassthroughSubject<Int, Never>()
        let subscriber = AuditingSubscriber<Int, Never>(initialDemand: .unlimited, culprit: "your publisher") { value, _ in
            if value == 1 { publisher.send(2) }
            return .none
        }
        publisher.subscribe(subscriber)
        publisher.send(1)
        #expect(throws: CheckFailure("your publisher called receive(_:) again from inside receive(_:) (a request made there must not recurse)")) {
            try subscriber.audit()
        }
    }
}

@Suite struct ProbePublisherTests {
    @Test func handsOutItsSupplyAsDemandArrivesAndRecordsEveryRequest() {
        let publisher = ProbePublisher<Int, Never>(supplying: [1, 2, 3], thenFinish: true)
        let subscriber = AuditingSubscriber<Int, Never>(initialDemand: .max(2))
        publisher.subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
        #expect(!subscriber.isFinished)
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.isFinished)
        #expect(publisher.subscription?.requests == [.max(2), .max(1)])
    }

    @Test func neverSendsPastDemand() {
        let publisher = ProbePublisher<Int, Never>()
        let subscriber = AuditingSubscriber<Int, Never>(initialDemand: .max(1))
        publisher.subscribe(subscriber)
        #expect(publisher.send(1) == 1)
        #expect(publisher.send(2) == 0)
        #expect(subscriber.values == [1])
    }
}
