import OpenCombineShim

/// The check of `Publishers.Chunks` and `chunks(of:)` (chapter 04-amb): a full operator
/// with its own subscription that turns downstream demand for chunks into upstream demand
/// for values.
public enum ChunksCheck {
    public typealias Upstream = ProbePublisher<Int, ProbeFailure>

    /// - Parameter chunks: applies the learner's `chunks(of:)` to an upstream.
    public static func check<P: Publisher>(chunks: @escaping (Upstream, Int) -> P) -> ExerciseCheck
    where P.Output == [Int], P.Failure == ProbeFailure {
        let culprit = "your operator"
        func subscribe(
            _ upstream: Upstream, size: Int, initialDemand: Subscribers.Demand?,
            demandAfterValue: @escaping ([Int], ProbeSubscriber<[Int], ProbeFailure>) -> Subscribers.Demand = { _, _ in .none }
        ) -> ProbeSubscriber<[Int], ProbeFailure> {
            chunks(upstream, size).auditedSubscription(
                initialDemand: initialDemand, culprit: culprit, demandAfterValue: demandAfterValue)
        }
        func expectUpstreamAsked(_ upstream: Upstream, _ demand: Subscribers.Demand, _ situation: String) throws {
            let subscription = try upstreamSubscription(upstream)
            try expect(subscription.totalRequested == demand,
                       "\(situation), your operator asked upstream for \(subscription.totalRequested.swiftText) in all (\(requestsText(subscription.requests))); expected \(demand.swiftText)")
        }
        return ExerciseCheck(exercise: "Chunks", scenarios: [
            CheckScenario("groups values, and sends the last, shorter chunk when upstream finishes") {
                try subscribe(Upstream(supplying: Array(1...7), thenFinish: true), size: 3, initialDemand: .unlimited)
                    .expectReceived([[1, 2, 3], [4, 5, 6], [7]], finished: true, "chunks(of: 3) over 1...7 with request(.unlimited)")
            },
            CheckScenario("asks upstream for nothing until downstream asks") {
                let upstream = Upstream(supplying: Array(1...7))
                let subscriber = subscribe(upstream, size: 3, initialDemand: nil)
                try expectUpstreamAsked(upstream, .none, "before any request")
                try subscriber.expectReceived([], "before any request")
            },
            CheckScenario("asks upstream for size × the chunks asked for") {
                let upstream = Upstream(supplying: Array(1...20))
                let subscriber = subscribe(upstream, size: 3, initialDemand: .max(1))
                try expectUpstreamAsked(upstream, .max(3), "after request(.max(1)) on chunks(of: 3)")
                try subscriber.expectReceived([[1, 2, 3]], "after request(.max(1))")
                subscriber.request(.max(2))
                try expectUpstreamAsked(upstream, .max(9), "after request(.max(1)) then request(.max(2)) on chunks(of: 3)")
                try subscriber.expectReceived([[1, 2, 3], [4, 5, 6], [7, 8, 9]], "after request(.max(1)) then request(.max(2))")
            },
            CheckScenario("turns demand returned from receive(_:) into upstream demand too") {
                let upstream = Upstream(supplying: Array(1...20))
                let subscriber = subscribe(upstream, size: 2, initialDemand: .max(1)) { chunk, _ in chunk == [1, 2] ? .max(1) : .none }
                try subscriber.expectReceived([[1, 2], [3, 4]], "request(.max(1)), then .max(1) returned from the first receive(_:)")
                try expectUpstreamAsked(upstream, .max(4), "after request(.max(1)) and .max(1) returned from receive(_:) on chunks(of: 2)")
            },
            CheckScenario("asks upstream for .unlimited when downstream does") {
                let upstream = Upstream()
                _ = subscribe(upstream, size: 4, initialDemand: .unlimited)
                try expectUpstreamAsked(upstream, .unlimited, "after request(.unlimited)")
            },
            CheckScenario("a request made inside receive(_:) gets the next chunk, in order") {
                try subscribe(Upstream(supplying: Array(1...6), thenFinish: true), size: 2, initialDemand: .max(1)) { _, subscriber in
                    subscriber.request(.max(1))
                    return .none
                }.expectReceived([[1, 2], [3, 4], [5, 6]], finished: true, "request(.max(1)) called from inside each receive(_:)")
            },
            CheckScenario("passes a failure on, dropping the unfinished chunk") {
                let upstream = Upstream()
                let subscriber = subscribe(upstream, size: 3, initialDemand: .unlimited)
                (1...4).forEach { upstream.send($0) }
                upstream.send(completion: .failure(ProbeFailure()))
                try subscriber.expectReceived([[1, 2, 3]], then: .failure(ProbeFailure()), "upstream sent 1, 2, 3, 4 then failed")
            },
            CheckScenario("cancelling downstream cancels upstream") {
                let upstream = Upstream(supplying: Array(1...20))
                let subscriber = subscribe(upstream, size: 2, initialDemand: .max(1))
                subscriber.cancel()
                let subscription = try upstreamSubscription(upstream)
                try expect(subscription.cancelCount == 1,
                           "after cancel() downstream, your operator cancelled upstream \(subscription.cancelCount) times, not once")
            },
        ])
    }

    private static func upstreamSubscription(_ upstream: Upstream) throws -> ProbeSubscription<Int, ProbeFailure> {
        guard let subscription = upstream.subscription else {
            throw CheckFailure("your operator never subscribed to its upstream")
        }
        return subscription
    }
}
