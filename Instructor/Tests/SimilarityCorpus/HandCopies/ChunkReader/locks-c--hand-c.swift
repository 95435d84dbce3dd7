// ChunkReader exercise — chapter 9 ("in the wild")
//
// Reads a file one chunk per unit of demand. My version keeps the state under a lock
// and figures out "what to do next" inside one locked function, then calls the
// subscriber with the lock released (so a request from receive(_:) can't deadlock).

import Foundation
import OpenCombineShim

extension Publishers {

    /// A publisher that reads `chunkSize` bytes at a time with `read`, and calls
    /// `close` exactly once at the end (finish, failure or cancel).
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
            // one subscription per subscriber
            subscriber.receive(subscription: LockedChunks(source: self, target: subscriber))
        }
    }
}

/// The subscription doing the reading.
private final class LockedChunks<Target: Subscriber>: Subscription where Target.Input == [UInt8], Target.Failure == Error {

    /// What the read loop should do next.
    private enum Step {
        case deliver([UInt8], Target)                       // send a chunk
        case complete(Subscribers.Completion<Error>, Target) // end of file or error
        case idle                                            // no demand / no subscriber
    }

    private let guardLock = NSLock()
    private let source: Publishers.ChunkReader
    private var target: Target?          // nil after the end or a cancel
    private var pending = 0              // outstanding demand (when not unlimited)
    private var unlimited = false
    private var busy = false             // true while a read loop is running

    // Debug counters, not needed by the logic.
    private var chunksRead = 0
    private var bytesRead = 0

    init(source: Publishers.ChunkReader, target: Target) {
        self.source = source
        self.target = target
    }

    // MARK: - Subscription

    func request(_ demand: Subscribers.Demand) {
        guardLock.lock()
        add(demand)
        if busy {
            // re-entrant request from inside receive(_:): the running loop will see the demand
            guardLock.unlock()
            return
        }
        busy = true
        guardLock.unlock()
        drain()
    }

    func cancel() {
        guardLock.lock()
        let wasOpen = target != nil
        target = nil
        guardLock.unlock()
        // close only once: if we already finished, the file is closed already
        if wasOpen { source.close() }
    }

    // MARK: - Internals

    /// With the lock held.
    private func add(_ demand: Subscribers.Demand) {
        if let count = demand.max {
            pending += count
        } else {
            unlimited = true
        }
    }

    private func drain() {
        while true {
            switch nextStep() {
            case .idle:
                return
            case let .complete(completion, subscriber):
                source.close()                               // close BEFORE sending the completion
                subscriber.receive(completion: completion)
                return
            case let .deliver(bytes, subscriber):
                let more = subscriber.receive(bytes)
                guardLock.lock()
                add(more)
                guardLock.unlock()
            }
        }
    }

    /// Reads the next chunk if there is demand and a subscriber; clears `busy` when it stops.
    private func nextStep() -> Step {
        guardLock.lock()
        defer { guardLock.unlock() }

        guard let subscriber = target, unlimited || pending > 0 else {
            busy = false
            return .idle
        }

        let bytes: [UInt8]
        do {
            bytes = try source.read(source.chunkSize)
        } catch {
            // read failed -> fail the subscriber
            target = nil
            busy = false
            return .complete(.failure(error), subscriber)
        }

        // empty chunk = end of file, finish without waiting for demand
        if bytes.isEmpty {
            target = nil
            busy = false
            return .complete(.finished, subscriber)
        }

        chunksRead += 1
        bytesRead += bytes.count
        if !unlimited { pending -= 1 }
        return .deliver(bytes, subscriber)
    }

    /// For debugging in the playground.
    var summary: String {
        "read \(chunksRead) chunks (\(bytesRead) bytes), pending demand \(unlimited ? "unlimited" : String(pending))"
    }
}
