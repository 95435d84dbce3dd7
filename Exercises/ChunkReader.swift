// Exercise ChunkReader · chapter 09-in-the-wild (`swift run workbook read 9`)
//
// Write `Publishers.ChunkReader`, a file reader that reads only as fast as its
// subscriber asks. It is given `read`, which returns up to the number of bytes asked for
// (an empty array at the end of the file) and may throw, and `close`. It must:
//   - read nothing until asked, then read one chunk of `chunkSize` per unit of demand
//     (by `request(_:)` or returned from `receive(_:)`), carrying on where it stopped;
//   - at the end of the file (an empty read), finish without waiting for demand;
//   - when a read throws, fail with that error;
//   - close the file exactly once: at the end, on a failure, or when cancelled (a
//     second `cancel()`, or one after the end, does nothing), and never read after that;
//   - survive a `request` or a `cancel()` made from inside `receive(_:)`.
//
// Check your work:  swift run workbook check ChunkReader
// Stuck?            swift run workbook hint ChunkReader
// Keep the declarations `public`: the check uses them from another module.

import OpenCombineShim

extension Publishers {
    public struct ChunkReader: Publisher {
        public typealias Output = [UInt8]
        public typealias Failure = Error

        public let chunkSize: Int
        public let read: (Int) throws -> [UInt8]
        public let close: () -> Void

        public init(chunkSize: Int, read: @escaping (Int) throws -> [UInt8], close: @escaping () -> Void) {
            self.chunkSize = chunkSize
            self.read = read
            self.close = close
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == [UInt8], S.Failure == Error {
            // TODO: hand the subscriber a subscription that reads one chunk per unit of demand.
            subscriber.receive(subscription: Subscriptions.empty)
        }
    }
}
