import OpenCombineShim

/// The check of `Publishers.MyMerge` and `myMerge(with:)` (chapter 04-amb): two upstreams,
/// one downstream, every value once, never more than the downstream asked for.
public enum MyMergeCheck {
    public typealias Upstream = ProbePublisher<Int, ProbeFailure>
    typealias Probe = ProbeSubscriber<Int, ProbeFailure>

    /// - Parameter merge: applies the learner's `myMerge(with:)` to two upstreams.
    public static func check<P: Publisher>(merge: @escaping (Upstream, Upstream) -> P) -> ExerciseCheck
    where P.Output == Int, P.Failure == ProbeFailure {
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
        return ExerciseCheck(exercise: "MyMerge", scenarios: [
            CheckScenario("passes on the values of both upstreams, in the order they arrive") {
                let first = Upstream(), second = Upstream()
                let merged = subscribe(first, second, .unlimited)
                first.send(1)
                second.send(10)
                second.send(11)
                first.send(2)
                try merged.expectReceived([1, 10, 11, 2], "first sent 1, second 10 and 11, first 2, with request(.unlimited)")
            },
            CheckScenario("finishes only when both upstreams have finished") {
                let first = Upstream(supplying: [1, 2], thenFinish: true), second = Upstream()
                let merged = subscribe(first, second, .unlimited)
                try merged.expectReceived([1, 2], "the first upstream sent 1, 2 and finished, the second is still open")
                second.send(3)
                second.send(completion: .finished)
                try merged.expectReceived([1, 2, 3], finished: true, "then the second sent 3 and finished")
            },
            CheckScenario("never delivers more than the downstream asked for") {
                let first = Upstream(supplying: [1, 2, 3]), second = Upstream(supplying: [10, 20, 30])
                let merged = subscribe(first, second, .max(2))
                try expect(merged.values.count == 2,
                           "after request(.max(2)), with both upstreams ready to send three values, your merge delivered \(merged.values.count) values")
                try merged.audit()
            },
            CheckScenario("keeps what arrived beyond demand, and delivers it later, in order") {
                let first = Upstream(), second = Upstream()
                let merged = subscribe(first, second, .max(2))
                first.send(1)
                second.send(10)
                first.send(2) // Each upstream was asked for 2, but the downstream only for 2 in all.
                try merged.expectReceived([1, 10], "after request(.max(2)), with 1, 10 and 2 sent")
                merged.request(.max(5))
                try merged.expectReceived([1, 10, 2], "after a further request(.max(5))")
            },
            CheckScenario("a completion waits for the values kept before it") {
                let first = Upstream(), second = Upstream()
                let merged = subscribe(first, second, .max(1))
                first.send(1)
                second.send(10)
                first.send(completion: .finished)
                second.send(completion: .finished)
                try merged.expectReceived([1], "after request(.max(1)); 1 and 10 were sent, then both upstreams finished")
                merged.request(.max(1))
                try merged.expectReceived([1, 10], finished: true, "after a further request(.max(1))")
            },
            CheckScenario("a request made inside receive(_:) neither recurses nor reorders") {
                let first = Upstream(supplying: [1, 2, 3], thenFinish: true), second = Upstream(supplying: [], thenFinish: true)
                try subscribe(first, second, .max(1)) { _, subscriber in
                    subscriber.request(.max(1))
                    return .none
                }.expectReceived([1, 2, 3], finished: true, "request(.max(1)) called from inside each receive(_:)")
            },
            CheckScenario("a failure is passed on at once and cancels the other upstream") {
                let first = Upstream(), second = Upstream()
                let merged = subscribe(first, second, .unlimited)
                first.send(1)
                second.send(completion: .failure(ProbeFailure()))
                try merged.expectReceived([1], then: .failure(ProbeFailure()), "first sent 1, then second failed")
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
