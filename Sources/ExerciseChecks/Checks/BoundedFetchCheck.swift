import Foundation
import OpenCombineShim

/// The check of `BoundedFetch` (chapter 10-real-apps): fetch every path, never more than
/// `maxConcurrent` at once, pass on each body as it arrives, and finish (or fail) once.
public enum BoundedFetchCheck {
    /// A fetch failed; the learner's publisher must fail with it.
    public struct FetchFailed: Error, Equatable {
        public let path: String

        public init(path: String) {
            self.path = path
        }
    }

    /// - Parameters:
    ///   - fetchAll: the learner's `BoundedFetch.fetchAll(_:maxConcurrent:fetch:)`.
    ///   - random: draws the paths to fetch, and so the bodies the learner passes on.
    public static func check(
        fetchAll: @escaping ([String], Int, @escaping (String) -> AnyPublisher<String, Error>) -> AnyPublisher<String, Error>,
        random: CheckRandom = CheckRandom(seed: 0)
    ) -> ExerciseCheck {
        var random = random
        /// `count` distinct paths, drawn for this run.
        func draw(_ count: Int) -> [String] { random.distinct(count, in: 1...99).map { "/items/\($0)" } }
        return ExerciseCheck(exercise: "BoundedFetch", scenarios: [
            CheckScenario("fetches every path and passes on every body, then finishes") {
                let paths = draw(3)
                let server = FakeServer()
                let run = Run(fetchAll(paths, 2, server.fetch))
                server.answerAll()
                try run.expect(bodies: paths, finished: true, "three paths, two at a time, every fetch answered")
            },
            CheckScenario("never has more than maxConcurrent fetches in flight") {
                let paths = draw(5)
                let server = FakeServer()
                let run = Run(fetchAll(paths, 2, server.fetch))
                try server.expectInFlight(Array(paths[...1]), "right after subscribing, with maxConcurrent 2")
                server.answer(paths[1])
                try server.expectInFlight([paths[0], paths[2]], "after \(paths[1]) answered")
                server.answer(paths[0])
                server.answer(paths[2])
                try server.expectInFlight(Array(paths[3...]), "after \(paths[0]) and \(paths[2]) answered")
                server.answerAll()
                try run.expect(bodies: paths, finished: true, "every fetch answered")
                guard server.mostInFlight <= 2 else {
                    throw CheckFailure("with maxConcurrent 2, \(server.mostInFlight) fetches were in flight at once")
                }
            },
            CheckScenario("one at a time when maxConcurrent is 1") {
                let paths = draw(3)
                let server = FakeServer()
                let run = Run(fetchAll(paths, 1, server.fetch))
                try server.expectInFlight([paths[0]], "right after subscribing, with maxConcurrent 1")
                server.answerAll()
                try run.expect(bodies: paths, finished: true, "every fetch answered")
            },
            CheckScenario("a failed fetch fails the whole, and the others are cancelled") {
                let paths = draw(3)
                let server = FakeServer()
                let run = Run(fetchAll(paths, 2, server.fetch))
                server.fail(paths[0])
                guard run.failure == FetchFailed(path: paths[0]) else {
                    throw CheckFailure("after the fetch of \(paths[0]) failed, your publisher \(run.failure.map { "failed with \($0)" } ?? (run.finished ? "finished" : "did not fail"))")
                }
                guard server.cancelled.contains(paths[1]) else {
                    throw CheckFailure("after the fetch of \(paths[0]) failed, the fetch of \(paths[1]) was still running: it should have been cancelled")
                }
            },
            CheckScenario("cancelling cancels the fetches in flight and starts no other") {
                let paths = draw(3)
                let server = FakeServer()
                let run = Run(fetchAll(paths, 2, server.fetch))
                run.cancel()
                guard Set(server.cancelled) == Set(paths[...1]), server.started == Array(paths[...1]) else {
                    throw CheckFailure("after cancel() with \(paths[0]) and \(paths[1]) in flight: cancelled \(server.cancelled), started \(server.started)")
                }
            },
        ])
    }
}

/// Fetches that answer only when the check says so, recording which are in flight.
private final class FakeServer {
    private(set) var started: [String] = []
    private(set) var cancelled: [String] = []
    private(set) var mostInFlight = 0
    private var pending: [String: PassthroughSubject<String, Error>] = [:]
    private var order: [String] = []

    var inFlight: [String] { order.filter { pending[$0] != nil } }

    func fetch(_ path: String) -> AnyPublisher<String, Error> {
        Deferred { () -> AnyPublisher<String, Error> in
            let subject = PassthroughSubject<String, Error>()
            self.started.append(path)
            self.order.append(path)
            self.pending[path] = subject
            self.mostInFlight = max(self.mostInFlight, self.pending.count)
            return subject.handleEvents(receiveCancel: {
                if self.pending.removeValue(forKey: path) != nil { self.cancelled.append(path) }
            }).eraseToAnyPublisher()
        }.eraseToAnyPublisher()
    }

    func answer(_ path: String) {
        guard let subject = pending.removeValue(forKey: path) else { return }
        subject.send("body of \(path)")
        subject.send(completion: .finished)
    }

    func fail(_ path: String) {
        guard let subject = pending.removeValue(forKey: path) else { return }
        subject.send(completion: .failure(BoundedFetchCheck.FetchFailed(path: path)))
    }

    /// Answers whatever is in flight until nothing is.
    func answerAll() {
        while let next = inFlight.first { answer(next) }
    }

    func expectInFlight(_ expected: [String], _ when: String) throws {
        guard inFlight == expected else {
            throw CheckFailure("\(when), the fetches in flight were \(inFlight), expected \(expected)")
        }
    }
}

/// The learner's publisher, subscribed with `sink`, and what it sent.
private final class Run {
    private(set) var bodies: [String] = []
    private(set) var finished = false
    private(set) var failure: BoundedFetchCheck.FetchFailed?
    private var cancellable: AnyCancellable?

    init(_ publisher: AnyPublisher<String, Error>) {
        cancellable = publisher.sink(
            receiveCompletion: { [weak self] completion in
                switch completion {
                case .finished: self?.finished = true
                case .failure(let error): self?.failure = error as? BoundedFetchCheck.FetchFailed
                }
            },
            receiveValue: { [weak self] in self?.bodies.append($0) })
    }

    func cancel() { cancellable?.cancel() }

    func expect(bodies paths: [String], finished: Bool, _ when: String) throws {
        let expected = paths.map { "body of \($0)" }
        guard bodies.sorted() == expected.sorted(), self.finished == finished else {
            throw CheckFailure("\(when): got \(bodies)\(self.finished ? " then .finished" : " and no completion"), expected \(expected) then .finished")
        }
    }
}
