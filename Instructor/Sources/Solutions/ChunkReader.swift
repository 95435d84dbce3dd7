// Reference solution of the ChunkReader exercise (chapter 09-in-the-wild).

import OpenCombineShim

extension Publishers {
    /// Reads a file in chunks of `chunkSize`, one chunk per unit of demand.
    ///
    /// The publisher only describes the file; each subscriber gets a ``ChunkReading``
    /// that owns the reading and closes the file when it ends.
    public struct ChunkReader: Publisher {
        public typealias Output = [UInt8]
        public typealias Failure = Error

        public let chunkSize: Int
        public let read: (Int) throws -> [UInt8]
        public let close: () -> Void

        public init(chunkSize: Int, read: @escaping (Int) throws -> [UInt8], close: @escaping () -> Void) {
            precondition(chunkSize > 0, "ChunkReader needs a chunk size of at least 1")
            self.chunkSize = chunkSize
            self.read = read
            self.close = close
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == [UInt8], S.Failure == Error {
            subscriber.receive(subscription: ChunkReading(reader: self, subscriber: subscriber))
        }
    }
}

/// One subscriber's reading of the file: demand in, reads out.
///
/// Demand is added up and spent one read at a time. A request made from inside
/// `receive(_:)` only adds to the demand (the running loop spends it), so reading never
/// recurses. Dropping the subscriber is the one way every ending goes (end of file, a
/// failed read, cancel), and it is where the file is closed, so it is closed once.
/// (One thread at a time, like the chapter's code; sharing it across threads would add a lock.)
private final class ChunkReading<Downstream: Subscriber>: Subscription
where Downstream.Input == [UInt8], Downstream.Failure == Error {
    private let reader: Publishers.ChunkReader
    private var subscriber: Downstream?
    private var demand = Subscribers.Demand.none
    private var isReading = false

    init(reader: Publishers.ChunkReader, subscriber: Downstream) {
        self.reader = reader
        self.subscriber = subscriber
    }

    func request(_ more: Subscribers.Demand) {
        guard subscriber != nil else { return }
        demand += more
        guard !isReading else { return }
        isReading = true
        defer { isReading = false }
        while let subscriber, demand > .none {
            let chunk: [UInt8]
            do {
                chunk = try reader.read(reader.chunkSize)
            } catch {
                end()
                subscriber.receive(completion: .failure(error))
                return
            }
            guard !chunk.isEmpty else {
                end()
                subscriber.receive(completion: .finished)
                return
            }
            demand -= 1
            demand += subscriber.receive(chunk)
        }
    }

    func cancel() {
        end()
    }

    /// Forgets the subscriber and closes the file, the first time only.
    private func end() {
        guard subscriber != nil else { return }
        subscriber = nil
        demand = .none
        reader.close()
    }
}
