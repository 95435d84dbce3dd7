// Honest corpus: ChunkReader by hints-a. Design: the chapter's ChunkedFile and its ChunkReading subscription, adapted to the read and close closures, a throwing read and one ending method. Followed the hints: yes.

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
            subscriber.receive(subscription: Reading(reader: self, subscriber: subscriber))
        }

        final class Reading<S: Subscriber>: Subscription where S.Input == [UInt8], S.Failure == Error {
            private let reader: ChunkReader
            private var subscriber: S?
            private var demand = Subscribers.Demand.none
            private var isReading = false

            init(reader: ChunkReader, subscriber: S) {
                self.reader = reader
                self.subscriber = subscriber
            }

            func request(_ more: Subscribers.Demand) {
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
                    if chunk.isEmpty {
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

            private func end() {
                if subscriber == nil { return }
                subscriber = nil
                reader.close()
            }
        }
    }
}
