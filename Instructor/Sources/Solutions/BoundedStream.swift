// Reference solution of the BoundedStream exercise (chapter 08-async).

import OpenCombineShim

extension Publisher where Failure == Never {
    /// The publisher's values as an `AsyncStream` that holds at most `limit` unread values,
    /// dropping the oldest when the reader falls behind.
    ///
    /// The `sink` asks for `.unlimited`, so the stream's buffering policy is the only bound
    /// on memory: `.bufferingNewest(limit)` is that bound. Nothing but the continuation
    /// holds the `sink`'s cancellable, so `onTermination` cancels it, whether the stream
    /// finished, its reader was cancelled, or it was dropped.
    public func boundedStream(keepingNewest limit: Int) -> AsyncStream<Output> {
        AsyncStream(bufferingPolicy: .bufferingNewest(limit)) { continuation in
            let subscription = sink(
                receiveCompletion: { _ in continuation.finish() },
                receiveValue: { continuation.yield($0) })
            continuation.onTermination = { _ in subscription.cancel() }
        }
    }
}
