// Exercise BoundedStream · chapter 08-async (`swift run workbook read 8`)
//
// Write `boundedStream(keepingNewest:)`, a bridge from a publisher to an `AsyncStream`
// that a `for await` loop can read, without unbounded buffering:
//   - it subscribes to the publisher at once, and yields every value into the stream;
//   - while the reader is behind, the stream keeps only the newest `limit` values;
//   - the stream ends when the publisher finishes;
//   - when the stream goes away (dropped unread, or the reader stops early), the
//     subscription to the publisher is cancelled.
//
// Check your work:  swift run workbook check BoundedStream
// Stuck?            swift run workbook hint BoundedStream
// Keep the declarations `public`: the check uses them from another module.

import OpenCombineShim

extension Publisher where Failure == Never {
    public func boundedStream(keepingNewest limit: Int) -> AsyncStream<Output> {
        // TODO: subscribe, yield each value, finish with the publisher, cancel on termination.
        AsyncStream { continuation in continuation.finish() }
    }
}
