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
    ///   - random: draws the values upstream sends and the demands resumed.
    public static func check<S: Subscriber & Cancellable>(
        sink: @escaping (@escaping (Subscribers.Completion<ProbeFailure>) -> Void, @escaping (Int) -> Bool) -> S,
        resume: @escaping (S, Subscribers.Demand) -> Void,
        resumeOne: @escaping (S) -> Void,
        random: CheckRandom = CheckRandom(seed: 0)
    ) -> ExerciseCheck where S.Input == Int, S.Failure == ProbeFailure {
        var random = random
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
        /// `count` distinct values for upstream to send, drawn for this run.
        func draw(_ count: Int) -> [Int] { random.distinct(count, in: 1...99) }
        return ExerciseCheck(exercise: "BatchSink", scenarios: [
            CheckScenario("asks for one value when subscribed") {
                let values = draw(20)
                let upstream = Upstream(supplying: values)
                let (_, recorder) = subscribe(upstream, pausingAt: [values[0]])
                try expectRequests(upstream, [.max(1)], "when subscribed")
                try recorder.expectPassedOn([values[0]], "after receiveValue returned false for \(values[0])")
            },
            CheckScenario("resume(.max(3)) while paused asks for three at once") {
                let values = draw(20)
                let upstream = Upstream(supplying: values)
                let (sink, recorder) = subscribe(upstream, pausingAt: [values[0], values[3]])
                resume(sink, .max(3))
                try expect(upstream.subscription?.requests.dropFirst().first == .max(3),
                           "after pausing at \(values[0]), resume(.max(3)) called \(requestsText(Array(upstream.subscription?.requests.dropFirst() ?? []))); expected request(.max(3))")
                try recorder.expectPassedOn(Array(values[0...3]), "after resume(.max(3)), with receiveValue returning false for \(values[3])")
            },
            CheckScenario("values that arrive while paused wait for resume, in order") {
                let values = draw(4)
                let upstream = Upstream()
                let (sink, recorder) = subscribe(upstream, pausingAt: [values[0], values[1]])
                upstream.send(values[0])
                resume(sink, .max(3))
                values[1...].forEach { upstream.send($0) }
                try recorder.expectPassedOn(Array(values[0...1]),
                                            "paused at \(values[1]) with \(values[2]) and \(values[3]) still owed by upstream, which then sent them")
                resume(sink, .max(1))
                try recorder.expectPassedOn(values, "after the next resume(.max(1))")
            },
            CheckScenario("resume(.max(3)) keeps at most three values in flight") {
                let values = draw(30)
                let upstream = Upstream(supplying: values)
                let (sink, recorder) = subscribe(upstream, pausingAt: [values[0], values[3], values[8]])
                resume(sink, .max(3))
                resume(sink, .max(3))
                try recorder.expectPassedOn(Array(values[0...8]),
                                            "resume(.max(3)) twice, with receiveValue returning false for \(values[0]), \(values[3]) and \(values[8])")
                let subscription = try unwrap(upstream.subscription)
                let inFlight = subscription.outstanding + (subscription.deliveredCount - recorder.values.count)
                try expect(inFlight <= .max(3),
                           "after resume(.max(3)) your sink had \(inFlight.swiftText) values asked for but not passed on; at most .max(3) may be in flight")
            },
            CheckScenario("resume while pulling asks for nothing") {
                let upstream = Upstream()
                let (sink, _) = subscribe(upstream, pausingAt: [])
                let demand = Int.random(in: 2...9, using: &random)
                resume(sink, .max(demand))
                try expectRequests(upstream, [.max(1)], "after subscribing and then resume(.max(\(demand))) while still pulling")
            },
            CheckScenario("resume() asks for one, like MySink's") {
                let values = draw(20)
                let upstream = Upstream(supplying: values)
                let (sink, recorder) = subscribe(upstream, pausingAt: [values[0], values[1]])
                resumeOne(sink)
                try expectRequests(upstream, [.max(1), .max(1)], "after pausing at \(values[0]), then resume()")
                try recorder.expectPassedOn(Array(values[0...1]), "after pausing at \(values[0]), then resume()")
            },
            CheckScenario("a completion waits for the values held back before it") {
                let values = draw(3)
                let upstream = Upstream()
                let (sink, recorder) = subscribe(upstream, pausingAt: [values[0], values[1]])
                upstream.send(values[0])
                resume(sink, .max(3))
                upstream.send(values[1])
                upstream.send(values[2])
                upstream.send(completion: .finished)
                try recorder.expectPassedOn(Array(values[0...1]), "paused at \(values[1]), then upstream sent \(values[2]) and finished")
                resume(sink, .max(1))
                try recorder.expectPassedOn(values, finished: true, "after the next resume(.max(1))")
            },
            CheckScenario("cancel cancels upstream, and resume then asks for nothing") {
                let values = draw(20)
                let upstream = Upstream(supplying: values)
                let (sink, recorder) = subscribe(upstream, pausingAt: [values[0]])
                sink.cancel()
                let demand = Int.random(in: 2...9, using: &random)
                resume(sink, .max(demand))
                let subscription = try unwrap(upstream.subscription)
                try expect(subscription.cancelCount == 1, "cancel() cancelled upstream \(subscription.cancelCount) times, not once")
                try expectRequests(upstream, [.max(1)], "after cancel(), then resume(.max(\(demand)))")
                try recorder.expectPassedOn([values[0]], "after cancel()")
            },
            CheckScenario("after completion, resume asks for nothing") {
                let values = draw(2)
                let upstream = Upstream(supplying: values, thenFinish: true)
                let (sink, recorder) = subscribe(upstream, pausingAt: [])
                try recorder.expectPassedOn(values, finished: true, "with upstream sending \(values[0]), \(values[1]) then finishing")
                let before = upstream.subscription?.requests.count ?? 0
                let demand = Int.random(in: 2...9, using: &random)
                resume(sink, .max(demand))
                try expect(upstream.subscription?.requests.count == before,
                           "after the completion, resume(.max(\(demand))) still called request on the finished subscription")
            },
        ])
    }
}
