import Foundation
import OpenCombineShim

// ChunkReader: one chunk per unit of demand, close() exactly once

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
            let sub = ReaderSub(reader: self, downstream: subscriber)
            subscriber.receive(subscription: sub)
        }
    }
}

private final class ReaderSub<Down: Subscriber>: Subscription where Down.Input == [UInt8], Down.Failure == Error {
    let reader: Publishers.ChunkReader
    var downstream: Down?
    var left = 0                // remaining demand
    var noLimit = false         // got .unlimited
    var inLoop = false
    let lock = NSLock()

    init(reader: Publishers.ChunkReader, downstream: Down) {
        self.reader = reader
        self.downstream = downstream
    }

    // lock must be held
    func addDemand(_ d: Subscribers.Demand) {
        guard let n = d.max else { noLimit = true; return }
        left += n
    }

    func request(_ d: Subscribers.Demand) {
        lock.lock()
        addDemand(d)
        guard !inLoop else { lock.unlock(); return }   // nested call
        inLoop = true
        lock.unlock()

        loop: while true {
            lock.lock()
            guard let down = downstream, noLimit || left > 0 else {
                inLoop = false
                lock.unlock()
                break loop
            }
            var chunk: [UInt8] = []
            var failure: Error? = nil
            do { chunk = try reader.read(reader.chunkSize) } catch { failure = error }
            if failure != nil || chunk.isEmpty {
                // either the file ended or reading failed -> we're done
                downstream = nil
                inLoop = false
                lock.unlock()
                reader.close()
                if let failure {
                    down.receive(completion: .failure(failure))
                } else {
                    down.receive(completion: .finished)
                }
                return
            }
            if !noLimit { left -= 1 }
            lock.unlock()
            let more = down.receive(chunk)
            lock.lock()
            addDemand(more)
            lock.unlock()
        }
    }

    func cancel() {
        lock.lock()
        let open = downstream != nil
        downstream = nil
        lock.unlock()
        if open {
            reader.close()
        }
    }
}
