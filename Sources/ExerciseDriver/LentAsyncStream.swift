import ExerciseWire
import Foundation

/// A learner's `AsyncStream`, lent to the judge, which cannot hold the stream itself: the
/// driver reads it in a task of its own and replies with what the task read.
///
/// - `readToEnd(milliseconds)`: every value until the stream ends, as a list; nothing
///   (``WireValue/none``) when it had not ended in time.
/// - `readFirstThenStop(milliseconds)`: lets go of the stream, reads one value and lets go
///   of the iterator too, so that nothing holds the stream any more: a list of at most one
///   value (none when the stream ended first); nothing when no value came in time.
/// - `drop`: lets go of the stream unread.
///
/// Whatever the learner's code does as the stream goes away (cancelling its subscription)
/// reaches the judge from the thread it happens on, in a conversation of its own.
public final class LentAsyncStream<Element: WireCodable & Sendable>: WireObject {
    private var stream: AsyncStream<Element>?

    public init(_ stream: AsyncStream<Element>) {
        self.stream = stream
    }

    public func perform(_ method: String, _ arguments: [WireValue], on peer: WirePeer) throws -> WireValue {
        let arguments = WireArguments(arguments, of: method)
        switch method {
        case "readToEnd":
            let patience = try arguments.decode(0, as: Int.self)
            return readToEnd(try unread(), patience: .milliseconds(patience))
        case "readFirstThenStop":
            let patience = try arguments.decode(0, as: Int.self)
            return readFirstThenStop(try unread(), patience: .milliseconds(patience))
        case "drop":
            stream = nil
            return .none
        default:
            throw UnknownMethod(method, of: self)
        }
    }

    /// The stream, which from now on only the reader holds.
    private func unread() throws -> AsyncStream<Element> {
        guard let stream else { throw StreamGone() }
        self.stream = nil
        return stream
    }

    private func readToEnd(_ stream: AsyncStream<Element>, patience: DispatchTimeInterval) -> WireValue {
        let reading = Reading()
        let done = DispatchSemaphore(value: 0)
        Task {
            for await value in stream { reading.values.append(value) }
            done.signal()
        }
        guard done.wait(timeout: .now() + patience) == .success else { return .none }
        return .list(reading.values.map(\.wireValue))
    }

    private func readFirstThenStop(_ stream: AsyncStream<Element>, patience: DispatchTimeInterval) -> WireValue {
        let reading = Reading(stream.makeAsyncIterator())
        let done = DispatchSemaphore(value: 0)
        Task {
            if let first = await reading.iterator?.next() { reading.values.append(first) }
            reading.iterator = nil
            done.signal()
        }
        guard done.wait(timeout: .now() + patience) == .success else { return .none }
        return .list(reading.values.map(\.wireValue))
    }

    /// What the reading task found. Unchecked, and safe: only the task writes it, and the
    /// caller reads it only after the task signalled that it is done; after a timeout the
    /// caller never reads it.
    private final class Reading: @unchecked Sendable {
        var iterator: AsyncStream<Element>.Iterator?
        var values: [Element] = []
        init(_ iterator: AsyncStream<Element>.Iterator? = nil) { self.iterator = iterator }
    }

    private struct StreamGone: Error, CustomStringConvertible {
        var description: String { "the stream was already read or dropped" }
    }
}
