import Foundation
import OpenCombineShim

/// The check of `boundedStream(keepingNewest:)` (chapter 08-async): a bridge from a
/// publisher to an `AsyncStream` whose memory is bounded however far the reader falls
/// behind, and which lets go of the publisher when the stream goes away.
public enum BoundedStreamCheck {
    public typealias Upstream = ProbePublisher<Int, Never>

    /// - Parameter stream: applies the learner's `boundedStream(keepingNewest:)`.
    public static func check(stream: @escaping (Upstream, Int) -> AsyncStream<Int>) -> ExerciseCheck {
        ExerciseCheck(exercise: "BoundedStream", scenarios: [
            CheckScenario("passes every value on, then ends when the publisher finishes") {
                let upstream = Upstream(supplying: [1, 2, 3], thenFinish: true)
                let read = try readToEnd(stream(upstream, 5), "a publisher of 1, 2, 3 that then finishes")
                try expect(read == [1, 2, 3], "boundedStream(keepingNewest: 5) over 1, 2, 3: the reader got \(read), expected [1, 2, 3]")
            },
            CheckScenario("subscribes at once, so values sent before anyone reads are kept") {
                let upstream = Upstream()
                let bridge = stream(upstream, 5)
                try expect(upstream.subscription != nil, "boundedStream(keepingNewest:) had not subscribed to the publisher when it returned")
                upstream.send(1)
                upstream.send(2)
                upstream.send(completion: .finished)
                let read = try readToEnd(bridge, "1 and 2 sent before anyone read")
                try expect(read == [1, 2], "with 1 and 2 sent before anyone read, the reader got \(read), expected [1, 2]")
            },
            CheckScenario("keeps only the newest values while the reader is behind") {
                let upstream = Upstream()
                let bridge = stream(upstream, 3)
                for value in 1...8 { upstream.send(value) }
                upstream.send(completion: .finished)
                let read = try readToEnd(bridge, "1 to 8 sent before anyone read")
                try expect(read == [6, 7, 8],
                           "boundedStream(keepingNewest: 3) with 1 to 8 sent before anyone read: the reader got \(read), expected the newest three, [6, 7, 8]")
            },
            CheckScenario("cancels the publisher when the stream is dropped") {
                let upstream = Upstream()
                do { _ = stream(upstream, 2) }
                let subscription = try unwrap(upstream.subscription)
                try expect(subscription.cancelCount == 1,
                           "after the stream was dropped unread, your bridge had cancelled the publisher \(subscription.cancelCount) times; expected once (use the continuation's onTermination)")
            },
            CheckScenario("cancels the publisher when the reader stops early") {
                let upstream = Upstream(supplying: Array(1...10))
                let first = try readFirst({ stream(upstream, 20) }, "a publisher of 1 to 10 that never finishes")
                try expect(first == 1, "the reader's first value was \(first.map(String.init) ?? "nothing"), expected 1")
                let subscription = try unwrap(upstream.subscription)
                // The reader's task lets go of the stream when it ends, a moment after it
                // handed over its value: wait for that, however busy the machine.
                waitUntil { subscription.cancelCount > 0 }
                try expect(subscription.cancelCount == 1,
                           "after the reader took one value and stopped, your bridge had cancelled the publisher \(subscription.cancelCount) times; expected once")
            },
        ])
    }

    /// Returns once `condition` holds, or after ``patience``.
    private static func waitUntil(_ condition: () -> Bool) {
        let deadline = DispatchTime.now() + patience
        while !condition(), DispatchTime.now() < deadline { usleep(1_000) }
    }

    /// How long a reader waits for a stream that should already have everything it needs.
    private static let patience: DispatchTimeInterval = .seconds(3)

    /// Everything the stream yields until it ends, read in a task.
    private static func readToEnd(_ stream: AsyncStream<Int>, _ situation: String) throws -> [Int] {
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Task {
            for await value in stream { box.values.append(value) }
            done.signal()
        }
        guard done.wait(timeout: .now() + patience) == .success else {
            throw CheckFailure("with \(situation), your stream never ended: finish the continuation when the publisher finishes, and keep the subscription alive until then (an AnyCancellable that nobody holds cancels at once)")
        }
        return box.values
    }

    /// The first value the stream yields. Only the iterator keeps the stream alive, and the
    /// reading task lets go of it before it reports, so a bridge that cancels on termination
    /// has done so by the time this returns.
    private static func readFirst(_ stream: () -> AsyncStream<Int>, _ situation: String) throws -> Int? {
        let reading = Reading(stream().makeAsyncIterator())
        let done = DispatchSemaphore(value: 0)
        Task {
            reading.first = await reading.iterator?.next()
            reading.iterator = nil
            done.signal()
        }
        guard done.wait(timeout: .now() + patience) == .success else {
            throw CheckFailure("with \(situation), your stream yielded nothing")
        }
        return reading.first
    }

    private final class Reading: @unchecked Sendable {
        var iterator: AsyncStream<Int>.Iterator?
        var first: Int?
        init(_ iterator: AsyncStream<Int>.Iterator) { self.iterator = iterator }
    }

    private final class Box: @unchecked Sendable {
        var values: [Int] = []
    }
}
