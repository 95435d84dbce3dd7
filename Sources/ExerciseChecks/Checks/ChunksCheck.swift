import OpenCombineShim

/// The check of `Publishers.Chunks` and `chunks(of:)` (chapter 04-amb): a full operator
/// with its own subscription that turns downstream demand for chunks into upstream demand
/// for values.
public enum ChunksCheck {
    public typealias Upstream = ProbePublisher<Int, ProbeFailure>

    /// - Parameters:
    ///   - chunks: applies the learner's `chunks(of:)` to an upstream.
    ///   - random: draws the values upstream sends, the chunk sizes and the demands.
    public static func check<P: Publisher>(
        chunks: @escaping (Upstream, Int) -> P, random: CheckRandom = CheckRandom(seed: 0)
    ) -> ExerciseCheck where P.Output == [Int], P.Failure == ProbeFailure {
        var random = random
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
        /// `count` distinct values for upstream to send, drawn for this run.
        func draw(_ count: Int) -> [Int] { random.distinct(count, in: 1...99) }
        func drawSize() -> Int { Int.random(in: 2...4, using: &random) }
        return ExerciseCheck(exercise: "Chunks", scenarios: [
            CheckScenario("groups values, and sends the last, shorter chunk when upstream finishes") {
                let size = drawSize()
                let values = draw(2 * size + Int.random(in: 1..<size, using: &random))
                try subscribe(Upstream(supplying: values, thenFinish: true), size: size, initialDemand: .unlimited)
                    .expectReceived(chunked(values, size), finished: true, "chunks(of: \(size)) over \(values) with request(.unlimited)")
            },
            CheckScenario("asks upstream for nothing until downstream asks") {
                let upstream = Upstream(supplying: draw(7))
                let subscriber = subscribe(upstream, size: drawSize(), initialDemand: nil)
                try expectUpstreamAsked(upstream, .none, "before any request")
                try subscriber.expectReceived([], "before any request")
            },
            CheckScenario("asks upstream for size × the chunks asked for") {
                let size = drawSize(), more = Int.random(in: 2...3, using: &random)
                let values = draw(20)
                let upstream = Upstream(supplying: values)
                let subscriber = subscribe(upstream, size: size, initialDemand: .max(1))
                try expectUpstreamAsked(upstream, .max(size), "after request(.max(1)) on chunks(of: \(size))")
                try subscriber.expectReceived(chunked(Array(values.prefix(size)), size), "after request(.max(1))")
                subscriber.request(.max(more))
                try expectUpstreamAsked(upstream, .max(size * (1 + more)),
                                        "after request(.max(1)) then request(.max(\(more))) on chunks(of: \(size))")
                try subscriber.expectReceived(chunked(Array(values.prefix(size * (1 + more))), size),
                                              "after request(.max(1)) then request(.max(\(more)))")
            },
            CheckScenario("turns demand returned from receive(_:) into upstream demand too") {
                let size = drawSize()
                let values = draw(20)
                let first = Array(values.prefix(size))
                let upstream = Upstream(supplying: values)
                let subscriber = subscribe(upstream, size: size, initialDemand: .max(1)) { chunk, _ in chunk == first ? .max(1) : .none }
                try subscriber.expectReceived(chunked(Array(values.prefix(2 * size)), size),
                                              "request(.max(1)), then .max(1) returned from the first receive(_:)")
                try expectUpstreamAsked(upstream, .max(2 * size),
                                        "after request(.max(1)) and .max(1) returned from receive(_:) on chunks(of: \(size))")
            },
            CheckScenario("asks upstream for .unlimited when downstream does") {
                let upstream = Upstream()
                _ = subscribe(upstream, size: drawSize(), initialDemand: .unlimited)
                try expectUpstreamAsked(upstream, .unlimited, "after request(.unlimited)")
            },
            CheckScenario("a request made inside receive(_:) gets the next chunk, in order") {
                let size = drawSize()
                let values = draw(3 * size)
                try subscribe(Upstream(supplying: values, thenFinish: true), size: size, initialDemand: .max(1)) { _, subscriber in
                    subscriber.request(.max(1))
                    return .none
                }.expectReceived(chunked(values, size), finished: true, "request(.max(1)) called from inside each receive(_:)")
            },
            CheckScenario("passes a failure on, dropping the unfinished chunk") {
                let size = drawSize()
                let values = draw(size + 1)
                let upstream = Upstream()
                let subscriber = subscribe(upstream, size: size, initialDemand: .unlimited)
                values.forEach { upstream.send($0) }
                upstream.send(completion: .failure(ProbeFailure()))
                try subscriber.expectReceived([Array(values.prefix(size))], then: .failure(ProbeFailure()),
                                              "chunks(of: \(size)): upstream sent \(values.map(String.init).joined(separator: ", ")) then failed")
            },
            CheckScenario("cancelling downstream cancels upstream") {
                let upstream = Upstream(supplying: draw(20))
                let subscriber = subscribe(upstream, size: drawSize(), initialDemand: .max(1))
                subscriber.cancel()
                let subscription = try upstreamSubscription(upstream)
                try expect(subscription.cancelCount == 1,
                           "after cancel() downstream, your operator cancelled upstream \(subscription.cancelCount) times, not once")
            },
        ])
    }

    /// `values` cut into chunks of `size`, the last one shorter.
    private static func chunked(_ values: [Int], _ size: Int) -> [[Int]] {
        stride(from: 0, to: values.count, by: size).map { Array(values[$0..<min($0 + size, values.count)]) }
    }

    private static func upstreamSubscription(_ upstream: Upstream) throws -> ProbeSubscription<Int, ProbeFailure> {
        guard let subscription = upstream.subscription else {
            throw CheckFailure("your operator never subscribed to its upstream")
        }
        return subscription
    }
}
