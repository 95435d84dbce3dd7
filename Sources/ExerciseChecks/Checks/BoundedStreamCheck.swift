import Foundation
import OpenCombineShim

/// The check of `boundedStream(keepingNewest:)` (chapter 08-async): a bridge from a
/// publisher to an `AsyncStream` whose memory is bounded however far the reader falls
/// behind, and which lets go of the publisher when the stream goes away.
public enum BoundedStreamCheck {
    public typealias Upstream = ProbePublisher<Int, Never>

    /// How long a reader waits for a stream that should already have everything it needs.
    public static let patience: Double = 3

    /// - Parameters:
    ///   - random: draws the values the publishers send.
    ///   - stream: applies the learner's `boundedStream(keepingNewest:)`, and returns the
    ///     stream's reader.
    ///   - waitUntil: returns once its condition holds, or after `patience` seconds, having
    ///     let in what the learner's code does meanwhile on threads of its own.
    public static func check(
        random: CheckRandom = CheckRandom(seed: 0),
        stream: @escaping (Upstream, Int) -> StreamUnderTest,
        waitUntil: @escaping (_ seconds: Double, _ condition: () -> Bool) -> Void
    ) -> ExerciseCheck {
        var random = random
        let values = random.distinct(10, in: 1...99)
        /// The first `count` of this run's values: every publisher sends from the start of them.
        func first(_ count: Int) -> [Int] { Array(values.prefix(count)) }
        return ExerciseCheck(exercise: "BoundedStream", scenarios: [
            CheckScenario("passes every value on, then ends when the publisher finishes") {
                let sent = first(3)
                let upstream = Upstream(supplying: sent, thenFinish: true)
                let read = try stream(upstream, 5).readToEnd("a publisher of \(sent) that then finishes")
                try expect(read == sent, "boundedStream(keepingNewest: 5) over \(sent): the reader got \(read), expected \(sent)")
            },
            CheckScenario("subscribes at once, so values sent before anyone reads are kept") {
                let upstream = Upstream()
                let bridge = stream(upstream, 5)
                try expect(upstream.subscription != nil, "boundedStream(keepingNewest:) had not subscribed to the publisher when it returned")
                let sent = first(2)
                for value in sent { upstream.send(value) }
                upstream.send(completion: .finished)
                let read = try bridge.readToEnd("\(sent) sent before anyone read")
                try expect(read == sent, "with \(sent) sent before anyone read, the reader got \(read), expected \(sent)")
            },
            CheckScenario("keeps only the newest values while the reader is behind") {
                let upstream = Upstream()
                let bridge = stream(upstream, 3)
                let sent = first(8)
                for value in sent { upstream.send(value) }
                upstream.send(completion: .finished)
                let read = try bridge.readToEnd("\(sent) sent before anyone read")
                try expect(read == Array(sent.suffix(3)),
                           "boundedStream(keepingNewest: 3) with \(sent) sent before anyone read: the reader got \(read), expected the newest three, \(Array(sent.suffix(3)))")
            },
            CheckScenario("cancels the publisher when the stream is dropped") {
                let upstream = Upstream()
                stream(upstream, 2).drop()
                let subscription = try unwrap(upstream.subscription)
                try expect(subscription.cancelCount == 1,
                           "after the stream was dropped unread, your bridge had cancelled the publisher \(subscription.cancelCount) times; expected once (use the continuation's onTermination)")
            },
            CheckScenario("cancels the publisher when the reader stops early") {
                let upstream = Upstream(supplying: first(10))
                let read = try stream(upstream, 20).readFirst("a publisher of \(first(10)) that never finishes")
                try expect(read == values[0], "the reader's first value was \(read.map(String.init) ?? "nothing"), expected \(values[0])")
                let subscription = try unwrap(upstream.subscription)
                // The reader's task lets go of the stream when it ends, a moment after it
                // handed over its value: wait for that, however busy the machine.
                waitUntil(patience) { subscription.cancelCount > 0 }
                try expect(subscription.cancelCount == 1,
                           "after the reader took one value and stopped, your bridge had cancelled the publisher \(subscription.cancelCount) times; expected once")
            },
        ])
    }
}

/// A stream the learner's bridge returned, as the check reads it: each closure reads the
/// stream where it lives (a task of the learner's process) and reports what it saw.
public struct StreamUnderTest {
    /// Reads in a task until the stream ends: the values, or nil when it had not ended
    /// after ``BoundedStreamCheck/patience``.
    public var readToEnd: () -> [Int]?
    /// Lets go of the stream, then reads one value in a task, which lets go of the iterator
    /// before it reports: the value (none when the stream ended first), or nil when nothing
    /// came within ``BoundedStreamCheck/patience``.
    public var readFirstThenStop: () -> [Int]?
    /// Lets go of the stream unread.
    public var drop: () -> Void

    public init(readToEnd: @escaping () -> [Int]?, readFirstThenStop: @escaping () -> [Int]?, drop: @escaping () -> Void) {
        self.readToEnd = readToEnd
        self.readFirstThenStop = readFirstThenStop
        self.drop = drop
    }

    /// Everything the stream yields until it ends.
    func readToEnd(_ situation: String) throws -> [Int] {
        guard let values = readToEnd() else {
            throw CheckFailure("with \(situation), your stream never ended: finish the continuation when the publisher finishes, and keep the subscription alive until then (an AnyCancellable that nobody holds cancels at once)")
        }
        return values
    }

    /// The first value the stream yields, or nil when it ended without one.
    func readFirst(_ situation: String) throws -> Int? {
        guard let values = readFirstThenStop() else {
            throw CheckFailure("with \(situation), your stream yielded nothing")
        }
        return values.first
    }
}
