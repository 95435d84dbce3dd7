import OpenCombineShim

/// The check of `Publishers.MyMerge` and `myMerge(with:)` (chapter 04-amb): two upstreams,
/// one downstream, every value once, never more than the downstream asked for.
public enum MyMergeCheck {
    public typealias Upstream = ProbePublisher<Int, ProbeFailure>
    typealias Probe = ProbeSubscriber<Int, ProbeFailure>

    /// - Parameters:
    ///   - merge: applies the learner's `myMerge(with:)` to two upstreams.
    ///   - random: draws the values the upstreams send and the demands.
    public static func check<P: Publisher>(
        merge: @escaping (Upstream, Upstream) -> P, random: CheckRandom = CheckRandom(seed: 0)
    ) -> ExerciseCheck where P.Output == Int, P.Failure == ProbeFailure {
        var random = random
        let culprit = "your merge"
        func subscribe(
            _ first: Upstream, _ second: Upstream, _ initialDemand: Subscribers.Demand?,
            demandAfterValue: @escaping (Int, Probe) -> Subscribers.Demand = { _, _ in .none }
        ) -> Probe {
            merge(first, second).auditedSubscription(
                initialDemand: initialDemand, culprit: culprit, demandAfterValue: demandAfterValue)
        }
        func expectCancelled(_ upstream: Upstream, _ which: String, _ situation: String) throws {
            let subscription = try unwrap(upstream.subscription)
            try expect(subscription.cancelCount == 1,
                       "\(situation), your merge cancelled the \(which) upstream \(subscription.cancelCount) times; expected once")
        }
        /// `count` distinct values for the upstreams to send, drawn for this run.
        func draw(_ count: Int) -> [Int] { random.distinct(count, in: 1...99) }
        return ExerciseCheck(exercise: "MyMerge", scenarios: [
            CheckScenario("passes on the values of both upstreams, in the order they arrive") {
                let values = draw(4)
                let first = Upstream(), second = Upstream()
                let merged = subscribe(first, second, .unlimited)
                first.send(values[0])
                second.send(values[1])
                second.send(values[2])
                first.send(values[3])
                try merged.expectReceived(values, "first sent \(values[0]), second \(values[1]) and \(values[2]), first \(values[3]), with request(.unlimited)")
            },
            CheckScenario("finishes only when both upstreams have finished") {
                let values = draw(3)
                let first = Upstream(supplying: Array(values[0...1]), thenFinish: true), second = Upstream()
                let merged = subscribe(first, second, .unlimited)
                try merged.expectReceived(Array(values[0...1]), "the first upstream sent \(values[0]), \(values[1]) and finished, the second is still open")
                second.send(values[2])
                second.send(completion: .finished)
                try merged.expectReceived(values, finished: true, "then the second sent \(values[2]) and finished")
            },
            CheckScenario("never delivers more than the downstream asked for") {
                let values = draw(6)
                let demand = Int.random(in: 1...3, using: &random)
                let first = Upstream(supplying: Array(values[0...2])), second = Upstream(supplying: Array(values[3...5]))
                let merged = subscribe(first, second, .max(demand))
                try expect(merged.values.count == demand,
                           "after request(.max(\(demand))), with both upstreams ready to send three values, your merge delivered \(merged.values.count) values")
                try merged.audit()
            },
            CheckScenario("keeps what arrived beyond demand, and delivers it later, in order") {
                let values = draw(3)
                let more = Int.random(in: 2...9, using: &random)
                let first = Upstream(), second = Upstream()
                let merged = subscribe(first, second, .max(2))
                first.send(values[0])
                second.send(values[1])
                first.send(values[2]) // Each upstream was asked for 2, but the downstream only for 2 in all.
                try merged.expectReceived(Array(values[0...1]), "after request(.max(2)), with \(values[0]), \(values[1]) and \(values[2]) sent")
                merged.request(.max(more))
                try merged.expectReceived(values, "after a further request(.max(\(more)))")
            },
            CheckScenario("a completion waits for the values kept before it") {
                let values = draw(2)
                let first = Upstream(), second = Upstream()
                let merged = subscribe(first, second, .max(1))
                first.send(values[0])
                second.send(values[1])
                first.send(completion: .finished)
                second.send(completion: .finished)
                try merged.expectReceived([values[0]], "after request(.max(1)); \(values[0]) and \(values[1]) were sent, then both upstreams finished")
                merged.request(.max(1))
                try merged.expectReceived(values, finished: true, "after a further request(.max(1))")
            },
            CheckScenario("a request made inside receive(_:) neither recurses nor reorders") {
                let values = draw(3)
                let first = Upstream(supplying: values, thenFinish: true), second = Upstream(supplying: [], thenFinish: true)
                try subscribe(first, second, .max(1)) { _, subscriber in
                    subscriber.request(.max(1))
                    return .none
                }.expectReceived(values, finished: true, "request(.max(1)) called from inside each receive(_:)")
            },
            CheckScenario("a failure is passed on at once and cancels the other upstream") {
                let value = draw(1)[0]
                let first = Upstream(), second = Upstream()
                let merged = subscribe(first, second, .unlimited)
                first.send(value)
                second.send(completion: .failure(ProbeFailure()))
                try merged.expectReceived([value], then: .failure(ProbeFailure()), "first sent \(value), then second failed")
                try expectCancelled(first, "first", "after the second upstream failed")
            },
            CheckScenario("cancelling cancels both upstreams") {
                let first = Upstream(), second = Upstream()
                let merged = subscribe(first, second, .max(1))
                merged.cancel()
                try expectCancelled(first, "first", "after cancel()")
                try expectCancelled(second, "second", "after cancel()")
            },
        ])
    }
}
