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
            let subscription = LockedChunks(source: self, target: subscriber)
            subscriber.receive(subscription: subscription)
        }
    }
}

private final class LockedChunks<Target: Subscriber>: Subscription where Target.Input == [UInt8], Target.Failure == Error {
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

    private func locked<T>(_ body: () -> T) -> T {
        guardLock.lock()
        defer { guardLock.unlock() }
        return body()
    }

    func request(_ demand: Subscribers.Demand) {
        let shouldDrain: Bool = locked {
            add(demand)
            if busy { return false }
            busy = true
            return true
        }
        if shouldDrain {
            drain()
        }
    }

    private func add(_ demand: Subscribers.Demand) {
        guard let count = demand.max else {
            unlimited = true
            return
        }
        pending += count
    }

    private var hasDemand: Bool { unlimited || pending > 0 }

    private func drain() {
        while let next = locked({ readOne() }) {
            if let completion = next.completion {
                source.close()
                next.subscriber.receive(completion: completion)
                return
            }
            if let bytes = next.bytes {
                let more = next.subscriber.receive(bytes)
                locked { add(more) }
            }
        }
    }

    /// Called with the lock held. nil means: nothing to do, `busy` is cleared.
    private func readOne() -> (bytes: [UInt8]?, completion: Subscribers.Completion<Error>?, subscriber: Target)? {
        if target == nil || !hasDemand {
            busy = false
            return nil
        }
        let subscriber = target!
        do {
            let bytes = try source.read(source.chunkSize)
            if bytes.isEmpty {
                target = nil
                busy = false
                return (nil, .finished, subscriber)
            }
            if !unlimited { pending -= 1 }
            return (bytes, nil, subscriber)
        } catch {
            target = nil
            busy = false
            return (nil, .failure(error), subscriber)
        }
    }

    func cancel() {
        let wasOpen: Bool = locked {
            defer { target = nil }
            return target != nil
        }
        if wasOpen {
            source.close()
        }
    }
}
