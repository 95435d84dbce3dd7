import OpenCombineShim

/// The check of `Publishers.RefCountReplay` and `refCountReplay(_:)` (chapter 05-sharereplay):
/// a share-replay that connects with its first subscriber and disconnects when the last one
/// cancels.
public enum RefCountReplayCheck {
    public typealias Upstream = ProbePublisher<Int, ProbeFailure>
    typealias Probe = ProbeSubscriber<Int, ProbeFailure>

    /// - Parameter share: applies the learner's `refCountReplay(_ bufferSize:)` to an upstream.
    public static func check<P: Publisher>(share: @escaping (Upstream, Int) -> P) -> ExerciseCheck
    where P.Output == Int, P.Failure == ProbeFailure {
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
        return ExerciseCheck(exercise: "RefCountReplay", scenarios: [
            CheckScenario("subscribes upstream once, with its first subscriber, and shares the values") {
                let upstream = Upstream()
                let shared = share(upstream, 2)
                try expectUpstreamSubscriptions(upstream, 0, "before anyone subscribed")
                let first = subscribe(shared, .unlimited), second = subscribe(shared, .unlimited)
                try expectUpstreamSubscriptions(upstream, 1, "with two subscribers")
                try expect(upstream.subscription?.totalRequested == .unlimited,
                           "your share asked upstream for \(requestsText(upstream.subscription?.requests ?? [])); it keeps every value, so it should ask for .unlimited")
                upstream.send(1)
                upstream.send(2)
                try first.expectReceived([1, 2], "the first subscriber, after upstream sent 1, 2")
                try second.expectReceived([1, 2], "the second subscriber, after upstream sent 1, 2")
            },
            CheckScenario("replays the last values to a late subscriber, then sends live ones") {
                let upstream = Upstream()
                let shared = share(upstream, 2)
                let early = subscribe(shared, .unlimited)
                (1...3).forEach { upstream.send($0) }
                let late = subscribe(shared, .unlimited)
                try late.expectReceived([2, 3], "refCountReplay(2): a subscriber arriving after 1, 2, 3")
                upstream.send(4)
                try late.expectReceived([2, 3, 4], "refCountReplay(2): the late subscriber, after upstream sent 4")
                try early.expectReceived([1, 2, 3, 4], "the first subscriber, after upstream sent 1, 2, 3, 4")
            },
            CheckScenario("honours each subscriber's own demand") {
                let upstream = Upstream()
                let shared = share(upstream, 2)
                let eager = subscribe(shared, .unlimited)
                (1...3).forEach { upstream.send($0) }
                let slow = subscribe(shared, .max(1))
                try slow.expectReceived([2], "a late subscriber after request(.max(1))")
                slow.request(.max(1))
                try slow.expectReceived([2, 3], "a late subscriber after request(.max(1)) twice")
                upstream.send(4)
                try slow.expectReceived([2, 3], "a subscriber with no demand left, after upstream sent 4")
                slow.request(.max(5))
                try slow.expectReceived([2, 3, 4], "that subscriber, after a request(.max(5))")
                try eager.expectReceived([1, 2, 3, 4], "a subscriber with request(.unlimited)")
            },
            CheckScenario("replays the completion, after the values the subscriber asks for") {
                let upstream = Upstream()
                let shared = share(upstream, 2)
                _ = subscribe(shared, .unlimited)
                upstream.send(1)
                upstream.send(2)
                upstream.send(completion: .failure(ProbeFailure()))
                let late = subscribe(shared, .max(1))
                try late.expectReceived([1], "a subscriber arriving after 1, 2 and a failure, after request(.max(1))")
                late.request(.max(1))
                try late.expectReceived([1, 2], then: .failure(ProbeFailure()), "that subscriber, after request(.max(1)) again")
                try expectUpstreamSubscriptions(upstream, 1, "after the upstream had failed and a new subscriber came")
            },
            CheckScenario("a subscriber that cancels gets nothing more, and no completion") {
                let upstream = Upstream()
                let shared = share(upstream, 2)
                let quitter = subscribe(shared, .unlimited) { value, subscriber in
                    if value == 2 { subscriber.cancel() }
                    return .none
                }
                let stayer = subscribe(shared, .unlimited)
                (1...3).forEach { upstream.send($0) }
                upstream.send(completion: .finished)
                try quitter.expectReceived([1, 2], "a subscriber that cancelled inside receive(2)")
                try stayer.expectReceived([1, 2, 3], finished: true, "the other subscriber")
            },
            CheckScenario("the last cancel disconnects; the next subscriber starts afresh") {
                let upstream = Upstream()
                let shared = share(upstream, 2)
                let first = subscribe(shared, .unlimited), second = subscribe(shared, .unlimited)
                upstream.send(1)
                first.cancel()
                try expect(upstream.subscription?.cancelCount == 0,
                           "your share cancelled its upstream while a subscriber was still there")
                second.cancel()
                try expect(upstream.subscription?.cancelCount == 1,
                           "after its last subscriber cancelled, your share cancelled its upstream \(upstream.subscription?.cancelCount ?? 0) times; expected once")
                let next = subscribe(shared, .unlimited)
                try expectUpstreamSubscriptions(upstream, 2, "after everyone cancelled and a new subscriber came")
                try next.expectReceived([], "a subscriber after everyone had cancelled (the old values went with the old upstream)")
                upstream.send(5)
                try next.expectReceived([5], "that subscriber, after the new upstream sent 5")
            },
        ])
    }
}
