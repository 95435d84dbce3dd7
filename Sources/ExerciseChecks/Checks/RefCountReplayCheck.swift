import OpenCombineShim

/// The check of `Publishers.RefCountReplay` and `refCountReplay(_:)` (chapter 05-sharereplay):
/// a share-replay that connects with its first subscriber and disconnects when the last one
/// cancels.
public enum RefCountReplayCheck {
    public typealias Upstream = ProbePublisher<Int, ProbeFailure>
    typealias Probe = ProbeSubscriber<Int, ProbeFailure>

    /// - Parameters:
    ///   - share: applies the learner's `refCountReplay(_ bufferSize:)` to an upstream.
    ///   - random: draws the values upstream sends, a buffer size and a demand.
    public static func check<P: Publisher>(
        share: @escaping (Upstream, Int) -> P, random: CheckRandom = CheckRandom(seed: 0)
    ) -> ExerciseCheck where P.Output == Int, P.Failure == ProbeFailure {
        var random = random
        let culprit = "your share"
        func subscribe(
            _ shared: P, _ initialDemand: Subscribers.Demand?,
            demandAfterValue: @escaping (Int, Probe) -> Subscribers.Demand = { _, _ in .none }
        ) -> Probe {
            shared.auditedSubscription(initialDemand: initialDemand, culprit: culprit, demandAfterValue: demandAfterValue)
        }
        func expectUpstreamSubscriptions(_ upstream: Upstream, _ count: Int, _ situation: String) throws {
            try expect(upstream.subscriptions.count == count,
                       "\(situation), your share had subscribed to its upstream \(upstream.subscriptions.count) times; expected \(count)")
        }
        /// `count` distinct values for upstream to send, drawn for this run.
        func draw(_ count: Int) -> [Int] { random.distinct(count, in: 1...99) }
        func listed(_ values: ArraySlice<Int>) -> String { values.map(String.init).joined(separator: ", ") }
        return ExerciseCheck(exercise: "RefCountReplay", scenarios: [
            CheckScenario("subscribes upstream once, with its first subscriber, and shares the values") {
                let values = draw(2)
                let upstream = Upstream()
                let shared = share(upstream, 2)
                try expectUpstreamSubscriptions(upstream, 0, "before anyone subscribed")
                let first = subscribe(shared, .unlimited), second = subscribe(shared, .unlimited)
                try expectUpstreamSubscriptions(upstream, 1, "with two subscribers")
                try expect(upstream.subscription?.totalRequested == .unlimited,
                           "your share asked upstream for \(requestsText(upstream.subscription?.requests ?? [])); it keeps every value, so it should ask for .unlimited")
                values.forEach { upstream.send($0) }
                try first.expectReceived(values, "the first subscriber, after upstream sent \(listed(values[...]))")
                try second.expectReceived(values, "the second subscriber, after upstream sent \(listed(values[...]))")
            },
            CheckScenario("replays the last values to a late subscriber, then sends live ones") {
                let size = Int.random(in: 1...3, using: &random)
                let values = draw(size + 2)
                let upstream = Upstream()
                let shared = share(upstream, size)
                let early = subscribe(shared, .unlimited)
                values[...size].forEach { upstream.send($0) }
                let late = subscribe(shared, .unlimited)
                try late.expectReceived(Array(values[1...size]), "refCountReplay(\(size)): a subscriber arriving after \(listed(values[...size]))")
                upstream.send(values[size + 1])
                try late.expectReceived(Array(values[1...]), "refCountReplay(\(size)): the late subscriber, after upstream sent \(values[size + 1])")
                try early.expectReceived(values, "the first subscriber, after upstream sent \(listed(values[...]))")
            },
            CheckScenario("honours each subscriber's own demand") {
                let values = draw(4)
                let more = Int.random(in: 2...9, using: &random)
                let upstream = Upstream()
                let shared = share(upstream, 2)
                let eager = subscribe(shared, .unlimited)
                values[...2].forEach { upstream.send($0) }
                let slow = subscribe(shared, .max(1))
                try slow.expectReceived([values[1]], "a late subscriber after request(.max(1))")
                slow.request(.max(1))
                try slow.expectReceived(Array(values[1...2]), "a late subscriber after request(.max(1)) twice")
                upstream.send(values[3])
                try slow.expectReceived(Array(values[1...2]), "a subscriber with no demand left, after upstream sent \(values[3])")
                slow.request(.max(more))
                try slow.expectReceived(Array(values[1...]), "that subscriber, after a request(.max(\(more)))")
                try eager.expectReceived(values, "a subscriber with request(.unlimited)")
            },
            CheckScenario("replays the completion, after the values the subscriber asks for") {
                let values = draw(2)
                let upstream = Upstream()
                let shared = share(upstream, 2)
                _ = subscribe(shared, .unlimited)
                values.forEach { upstream.send($0) }
                upstream.send(completion: .failure(ProbeFailure()))
                let late = subscribe(shared, .max(1))
                try late.expectReceived([values[0]], "a subscriber arriving after \(listed(values[...])) and a failure, after request(.max(1))")
                late.request(.max(1))
                try late.expectReceived(values, then: .failure(ProbeFailure()), "that subscriber, after request(.max(1)) again")
                try expectUpstreamSubscriptions(upstream, 1, "after the upstream had failed and a new subscriber came")
            },
            CheckScenario("a subscriber that cancels gets nothing more, and no completion") {
                let values = draw(3)
                let upstream = Upstream()
                let shared = share(upstream, 2)
                let quitter = subscribe(shared, .unlimited) { value, subscriber in
                    if value == values[1] { subscriber.cancel() }
                    return .none
                }
                let stayer = subscribe(shared, .unlimited)
                values.forEach { upstream.send($0) }
                upstream.send(completion: .finished)
                try quitter.expectReceived(Array(values[...1]), "a subscriber that cancelled inside receive(\(values[1]))")
                try stayer.expectReceived(values, finished: true, "the other subscriber")
            },
            CheckScenario("the last cancel disconnects; the next subscriber starts afresh") {
                let values = draw(2)
                let upstream = Upstream()
                let shared = share(upstream, 2)
                let first = subscribe(shared, .unlimited), second = subscribe(shared, .unlimited)
                upstream.send(values[0])
                first.cancel()
                try expect(upstream.subscription?.cancelCount == 0,
                           "your share cancelled its upstream while a subscriber was still there")
                second.cancel()
                try expect(upstream.subscription?.cancelCount == 1,
                           "after its last subscriber cancelled, your share cancelled its upstream \(upstream.subscription?.cancelCount ?? 0) times; expected once")
                let next = subscribe(shared, .unlimited)
                try expectUpstreamSubscriptions(upstream, 2, "after everyone cancelled and a new subscriber came")
                try next.expectReceived([], "a subscriber after everyone had cancelled (the old values went with the old upstream)")
                upstream.send(values[1])
                try next.expectReceived([values[1]], "that subscriber, after the new upstream sent \(values[1])")
            },
        ])
    }
}
