import Foundation
import OpenCombineShim

private final class FileChunks<Receiver: Subscriber>: Subscription where Receiver.Input == [UInt8], Receiver.Failure == Error {
    private var reading = false
    private var endless = false
    private var owed = 0
    private var receiver: Receiver?
    private let file: Publishers.ChunkReader
    private let mutex = NSLock()

    private enum Action {
        case emit([UInt8], Receiver)
        case end(Subscribers.Completion<Error>, Receiver)
        case wait
    }

    init(file: Publishers.ChunkReader, receiver: Receiver) {
        self.file = file
        self.receiver = receiver
    }

    func cancel() {
        mutex.lock()
        let hadReceiver = receiver != nil
        receiver = nil
        mutex.unlock()
        if hadReceiver { file.close() }
    }

    func request(_ demand: Subscribers.Demand) {
        mutex.lock()
        credit(demand)
        if reading {
            mutex.unlock()
            return
        }
        reading = true
        mutex.unlock()
        pump()
    }

    private func nextAction() -> Action {
        mutex.lock()
        defer { mutex.unlock() }
        guard let current = receiver, endless || owed > 0 else {
            reading = false
            return .wait
        }
        let chunk: [UInt8]
        do {
            chunk = try file.read(file.chunkSize)
        } catch {
            receiver = nil
            reading = false
            return .end(.failure(error), current)
        }
        if chunk.isEmpty {
            receiver = nil
            reading = false
            return .end(.finished, current)
        }
        if !endless { owed -= 1 }
        return .emit(chunk, current)
    }

    private func pump() {
        while true {
            switch nextAction() {
            case .wait:
                return
            case let .end(completion, current):
                file.close()
                current.receive(completion: completion)
                return
            case let .emit(chunk, current):
                let extra = current.receive(chunk)
                mutex.lock()
                credit(extra)
                mutex.unlock()
            }
        }
    }

    private func credit(_ demand: Subscribers.Demand) {
        if let amount = demand.max {
            owed += amount
        } else {
            endless = true
        }
    }
}

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
            subscriber.receive(subscription: FileChunks(file: self, receiver: subscriber))
        }
    }
}
