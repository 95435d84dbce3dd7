// Honest corpus: ChunkReader by locks-c. Design: a subscription that keeps its state under an NSLock and reads with a recursion guard; the reading steps are a Step enum returned from one locked function, the subscriber is called with the lock released. Followed the hints: no.

import Foundation
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
            subscriber.receive(subscription: LockedChunks(source: self, target: subscriber))
        }
    }
}

private final class LockedChunks<Target: Subscriber>: Subscription where Target.Input == [UInt8], Target.Failure == Error {
    private enum Step {
        case deliver([UInt8], Target)
        case complete(Subscribers.Completion<Error>, Target)
        case idle
    }

    private let guardLock = NSLock()
    private let source: Publishers.ChunkReader
    private var target: Target?
    private var pending = 0
    private var unlimited = false
    private var busy = false

    init(source: Publishers.ChunkReader, target: Target) {
        self.source = source
        self.target = target
    }

    func request(_ demand: Subscribers.Demand) {
        guardLock.lock()
        add(demand)
        if busy {
            guardLock.unlock()
            return
        }
        busy = true
        guardLock.unlock()
        drain()
    }

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
                source.close()
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
            target = nil
            busy = false
            return .complete(.failure(error), subscriber)
        }
        if bytes.isEmpty {
            target = nil
            busy = false
            return .complete(.finished, subscriber)
        }
        if !unlimited { pending -= 1 }
        return .deliver(bytes, subscriber)
    }

    func cancel() {
        guardLock.lock()
        let wasOpen = target != nil
        target = nil
        guardLock.unlock()
        if wasOpen { source.close() }
    }
}
