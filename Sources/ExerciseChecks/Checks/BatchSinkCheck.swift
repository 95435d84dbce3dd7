import OpenCombineShim

/// The check of `Subscribers.BatchSink` (chapter 02-mysink): a MySink whose
/// `resume(_ demand:)` asks for several values at once, with pausing still reliable.
public enum BatchSinkCheck {
    public typealias Recorder = CallbackRecorder<Int, ProbeFailure>
    typealias Upstream = ProbePublisher<Int, ProbeFailure>

    /// - Parameters:
    ///   - sink: makes the learner's sink from `receiveCompletion` and `receiveValue`.
    ///   - resume: calls `resume(_ demand:)` on it.
    ///   - resumeOne: calls its `Resumable.resume()`.
    public static func check<S: Subscriber & Cancellable>(
        sink: @escaping (@escaping (Subscribers.Completion<ProbeFailure>) -> Void, @escaping (Int) -> Bool) -> S,
        resume: @escaping (S, Subscribers.Demand) -> Void,
        resumeOne: @escaping (S) -> Void
    ) -> ExerciseCheck where S.Input == Int, S.Failure == ProbeFailure {
        /// A sink subscribed to `upstream` whose receiveValue returns false for `pausingAt`.
        func subscribe(_ upstream: Upstream, pausingAt pauses: Set<Int>) -> (S, Recorder) {
            let recorder = Recorder(culprit: "your sink") { !pauses.contains($0) }
            let subscriber = sink(recorder.receiveCompletion, recorder.receiveValue)
            upstream.subscribe(subscriber)
            return (subscriber, recorder)
        }
        func expectRequests(_ upstream: Upstream, _ expected: [Subscribers.Demand], _ situation: String) throws {
            let requests = upstream.subscription?.requests ?? []
            try expect(requests == expected, "\(situation), your sink called \(requestsText(requests)); expected \(requestsText(expected))")
        }
        return ExerciseCheck(exercise: "BatchSink", scenarios: [
            CheckScenario("asks for one value when subscribed") {
                let upstream = Upstream(supplying: Array(1...20))
                let (_, recorder) = subscribe(upstream, pausingAt: [1])
                try expectRequests(upstream, [.max(1)], "when subscribed")
                try recorder.expectPassedOn([1], "after receiveValue returned false for 1")
            },
            CheckScenario("resume(.max(3)) while paused asks for three at once") {
                let upstream = Upstream(supplying: Array(1...20))
                let (sink, recorder) = subscribe(upstream, pausingAt: [1, 4])
                resume(sink, .max(3))
                try expect(upstream.subscription?.requests.dropFirst().first == .max(3),
                           "after pausing at 1, resume(.max(3)) called \(requestsText(Array(upstream.subscription?.requests.dropFirst() ?? []))); expected request(.max(3))")
                try recorder.expectPassedOn([1, 2, 3, 4], "after resume(.max(3)), with receiveValue returning false for 4")
            },
            CheckScenario("values that arrive while paused wait for resume, in order") {
                let upstream = Upstream()
                let (sink, recorder) = subscribe(upstream, pausingAt: [1, 2])
                upstream.send(1)
                resume(sink, .max(3))
                (2...4).forEach { upstream.send($0) }
                try recorder.expectPassedOn([1, 2], "paused at 2 with 3 and 4 still owed by upstream, which then sent them")
                resume(sink, .max(1))
                try recorder.expectPassedOn([1, 2, 3, 4], "after the next resume(.max(1))")
            },
            CheckScenario("resume(.max(3)) keeps at most three values in flight") {
                let upstream = Upstream(supplying: Array(1...30))
                let (sink, recorder) = subscribe(upstream, pausingAt: [1, 4, 9])
                resume(sink, .max(3))
                resume(sink, .max(3))
                try recorder.expectPassedOn(Array(1...9), "resume(.max(3)) twice, with receiveValue returning false for 1, 4 and 9")
                let subscription = try unwrap(upstream.subscription)
                let inFlight = subscription.outstanding + (subscription.deliveredCount - recorder.values.count)
                try expect(inFlight <= .max(3),
                           "after resume(.max(3)) your sink had \(inFlight.swiftText) values asked for but not passed on; at most .max(3) may be in flight")
            },
            CheckScenario("resume while pulling asks for nothing") {
                let upstream = Upstream()
                let (sink, _) = subscribe(upstream, pausingAt: [])
                resume(sink, .max(2))
                try expectRequests(upstream, [.max(1)], "after subscribing and then resume(.max(2)) while still pulling")
            },
            CheckScenario("resume() asks for one, like MySink's") {
                let upstream = Upstream(supplying: Array(1...20))
                let (sink, recorder) = subscribe(upstream, pausingAt: [1, 2])
                resumeOne(sink)
                try expectRequests(upstream, [.max(1), .max(1)], "after pausing at 1, then resume()")
                try recorder.expectPassedOn([1, 2], "after pausing at 1, then resume()")
            },
            CheckScenario("a completion waits for the values held back before it") {
                let upstream = Upstream()
                let (sink, recorder) = subscribe(upstream, pausingAt: [1, 2])
                upstream.send(1)
                resume(sink, .max(3))
                upstream.send(2)
                upstream.send(3)
                upstream.send(completion: .finished)
                try recorder.expectPassedOn([1, 2], "paused at 2, then upstream sent 3 and finished")
                resume(sink, .max(1))
                try recorder.expectPassedOn([1, 2, 3], finished: true, "after the next resume(.max(1))")
            },
            CheckScenario("cancel cancels upstream, and resume then asks for nothing") {
                let upstream = Upstream(supplying: Array(1...20))
                let (sink, recorder) = subscribe(upstream, pausingAt: [1])
                sink.cancel()
                resume(sink, .max(2))
                let subscription = try unwrap(upstream.subscription)
                try expect(subscription.cancelCount == 1, "cancel() cancelled upstream \(subscription.cancelCount) times, not once")
                try expectRequests(upstream, [.max(1)], "after cancel(), then resume(.max(2))")
                try recorder.expectPassedOn([1], "after cancel()")
            },
            CheckScenario("after completion, resume asks for nothing") {
                let upstream = Upstream(supplying: [1, 2], thenFinish: true)
                let (sink, recorder) = subscribe(upstream, pausingAt: [])
                try recorder.expectPassedOn([1, 2], finished: true, "with upstream sending 1, 2 then finishing")
                let before = upstream.subscription?.requests.count ?? 0
                resume(sink, .max(5))
                try expect(upstream.subscription?.requests.count == before,
                           "after the completion, resume(.max(5)) still called request on the finished subscription")
            },
        ])
    }
}
