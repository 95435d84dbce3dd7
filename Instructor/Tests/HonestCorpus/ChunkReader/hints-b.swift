// Honest corpus: ChunkReader by hints-b. Design: a ChunkSubscription class of its own at the top level holding the closures, the demand and an isReading flag; the loop of hint 2, the single stop() of hint 4. Followed the hints: yes.

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
            let subscription = ChunkSubscription(size: chunkSize, read: read, close: close, downstream: subscriber)
            subscriber.receive(subscription: subscription)
        }
    }
}

final class ChunkSubscription<Downstream: Subscriber>: Subscription
where Downstream.Input == [UInt8], Downstream.Failure == Error {
    let size: Int
    let readChunk: (Int) throws -> [UInt8]
    let closeFile: () -> Void
    var downstream: Downstream?
    var wanted: Subscribers.Demand = .none
    var looping = false

    init(size: Int, read: @escaping (Int) throws -> [UInt8], close: @escaping () -> Void, downstream: Downstream) {
        self.size = size
        readChunk = read
        closeFile = close
        self.downstream = downstream
    }

    func request(_ demand: Subscribers.Demand) {
        wanted += demand
        if looping { return }
        looping = true
        while let target = downstream, wanted > .none {
            do {
                let bytes = try readChunk(size)
                if bytes.isEmpty {
                    stop()
                    target.receive(completion: .finished)
                    break
                }
                wanted -= 1
                wanted += target.receive(bytes)
            } catch {
                stop()
                target.receive(completion: .failure(error))
                break
            }
        }
        looping = false
    }

    func cancel() {
        stop()
    }

    private func stop() {
        guard downstream != nil else { return }
        downstream = nil
        closeFile()
    }
}
