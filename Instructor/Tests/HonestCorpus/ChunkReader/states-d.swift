// Honest corpus: ChunkReader by states-d. Design: a subscription whose life is an enum (open with its subscriber, or closed); reads happen in a pump guarded by a re-entrancy counter, and every way out goes through close(then:). Followed the hints: no.

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
            let pump = Pump(chunkSize: chunkSize, read: read, close: close)
            pump.life = .open(AnySubscriber(subscriber))
            subscriber.receive(subscription: pump)
        }
    }
}

private final class Pump: Subscription {
    enum Life {
        case open(AnySubscriber<[UInt8], Error>)
        case closed
    }

    var life = Life.closed
    private let chunkSize: Int
    private let readBytes: (Int) throws -> [UInt8]
    private let closeFile: () -> Void
    private var credit = Subscribers.Demand.none
    private var depth = 0

    init(chunkSize: Int, read: @escaping (Int) throws -> [UInt8], close: @escaping () -> Void) {
        self.chunkSize = chunkSize
        readBytes = read
        closeFile = close
    }

    func request(_ demand: Subscribers.Demand) {
        credit += demand
        depth += 1
        defer { depth -= 1 }
        if depth > 1 { return }
        pump()
    }

    private func pump() {
        while case let .open(subscriber) = life, credit > .none {
            let result = Result { try readBytes(chunkSize) }
            switch result {
            case let .failure(error):
                close { subscriber.receive(completion: .failure(error)) }
            case let .success(bytes) where bytes.isEmpty:
                close { subscriber.receive(completion: .finished) }
            case let .success(bytes):
                credit -= 1
                let extra = subscriber.receive(bytes)
                credit += extra
            }
        }
    }

    func cancel() {
        close {}
    }

    private func close(then notify: () -> Void) {
        guard case .open = life else { return }
        life = .closed
        closeFile()
        notify()
    }
}
