import BackpressureTrace
import OpenCombineShim

/// The check of `Publishers.ChunkReader` (chapter 09-in-the-wild): a file reader that reads
/// one chunk per unit of demand, nothing before it is asked, and closes the file exactly
/// once, whether it reached the end, failed or was cancelled.
public enum ChunkReaderCheck {
    /// - Parameters:
    ///   - reader: makes the learner's `ChunkReader(chunkSize:read:close:)`.
    ///   - random: draws the files' contents and the chunk sizes.
    public static func check<P: Publisher>(
        reader: @escaping (Int, @escaping (Int) throws -> [UInt8], @escaping () -> Void) -> P,
        random: CheckRandom = CheckRandom(seed: 0)
    ) -> ExerciseCheck where P.Output == [UInt8], P.Failure == Error {
        var random = random
        let culprit = "your reader"
        typealias Reader = ProbeSubscriber<[UInt8], Error>
        func subscribe(
            _ disk: FakeDisk, chunkSize: Int, initialDemand: Subscribers.Demand?,
            demandAfterValue: @escaping ([UInt8], Reader) -> Subscribers.Demand = { _, _ in .none }
        ) -> Reader {
            reader(chunkSize, disk.read, disk.close).auditedSubscription(
                initialDemand: initialDemand, culprit: culprit, demandAfterValue: demandAfterValue)
        }
        /// A file of `length` random lowercase letters, drawn for this run.
        func drawText(_ length: Int) -> String {
            String((0..<length).map { _ in Character(UnicodeScalar(UInt8.random(in: 97...122, using: &random))) })
        }
        func drawSize() -> Int { Int.random(in: 2...5, using: &random) }
        return ExerciseCheck(exercise: "ChunkReader", scenarios: [
            CheckScenario("reads the file in chunks of chunkSize, then finishes and closes it") {
                let size = drawSize()
                let text = drawText(2 * size + Int.random(in: 1..<size, using: &random))
                let disk = FakeDisk(text)
                let subscriber = subscribe(disk, chunkSize: size, initialDemand: .unlimited)
                try expectChunks(subscriber, chunked(text, size), then: ".finished",
                                 "a file of \(text.utf8.count) bytes, chunkSize \(size), request(.unlimited)")
                try disk.expectReadSizes(all: size, "with chunkSize \(size)")
                try disk.expectClosed(once: true, "after the end of the file")
            },
            CheckScenario("reads nothing until asked") {
                let disk = FakeDisk(drawText(10))
                let subscriber = subscribe(disk, chunkSize: drawSize(), initialDemand: nil)
                try expectChunks(subscriber, [], then: nil, "before any request")
                try expect(disk.reads.isEmpty, "before any request, your reader had already read the file \(disk.reads.count) times")
            },
            CheckScenario("reads one chunk per unit of demand, and carries on where it stopped") {
                let size = drawSize()
                let chunks = chunked(drawText(4 * size), size)
                let disk = FakeDisk(chunks.joined())
                let subscriber = subscribe(disk, chunkSize: size, initialDemand: .max(2))
                try expectChunks(subscriber, Array(chunks[...1]), then: nil, "request(.max(2))")
                try expect(disk.reads.count == 2, "after request(.max(2)), your reader had read \(disk.reads.count) times; expected 2")
                subscriber.request(.max(1))
                try expectChunks(subscriber, Array(chunks[...2]), then: nil, "request(.max(2)) then request(.max(1))")
                try expect(disk.reads.count == 3, "after request(.max(2)) then request(.max(1)), your reader had read \(disk.reads.count) times; expected 3")
                try disk.expectClosed(once: false, "before the end of the file")
            },
            CheckScenario("honours demand returned from receive(_:) and a request made inside it") {
                let size = drawSize()
                let chunks = chunked(drawText(4 * size), size)
                var isFirst = true // Drawn chunks may repeat: the first is told by its place, not its bytes.
                let returned = subscribe(FakeDisk(chunks.joined()), chunkSize: size, initialDemand: .max(1)) { _, _ in
                    defer { isFirst = false }
                    return isFirst ? .max(1) : .none
                }
                try expectChunks(returned, Array(chunks[...1]), then: nil, "request(.max(1)), then .max(1) returned from the first receive(_:)")
                let text = drawText(3 * size)
                let nested = subscribe(FakeDisk(text), chunkSize: size, initialDemand: .max(1)) { _, subscriber in
                    subscriber.request(.max(1))
                    return .none
                }
                try expectChunks(nested, chunked(text, size), then: ".finished", "request(.max(1)) called from inside each receive(_:)")
            },
            CheckScenario("an empty file finishes at the first request, and is closed") {
                let disk = FakeDisk("")
                let subscriber = subscribe(disk, chunkSize: drawSize(), initialDemand: .max(1))
                try expectChunks(subscriber, [], then: ".finished", "an empty file, request(.max(1))")
                try disk.expectClosed(once: true, "after the end of an empty file")
            },
            CheckScenario("a read that throws fails the stream and closes the file") {
                let size = drawSize()
                let text = drawText(3 * size)
                let disk = FakeDisk(text, failingAtRead: 2)
                let subscriber = subscribe(disk, chunkSize: size, initialDemand: .unlimited)
                try expectChunks(subscriber, [chunked(text, size)[0]], then: ".failure(ProbeFailure)", "the second read threw")
                try disk.expectClosed(once: true, "after a read threw")
            },
            CheckScenario("a cancel() after the end, or a second one, closes nothing more") {
                let size = drawSize()
                let disk = FakeDisk(drawText(size + Int.random(in: 1..<size, using: &random)))
                var subscription: Subscription?
                reader(size, disk.read, disk.close).subscribe(AnySubscriber<[UInt8], Error>(
                    receiveSubscription: { subscription = $0; $0.request(.unlimited) },
                    receiveValue: { _ in .none },
                    receiveCompletion: { _ in }))
                subscription?.cancel()
                subscription?.cancel()
                try disk.expectClosed(once: true, "after the end of the file, then cancel() twice")
                let cancelledTwice = FakeDisk(drawText(2 * size))
                reader(size, cancelledTwice.read, cancelledTwice.close).subscribe(AnySubscriber<[UInt8], Error>(
                    receiveSubscription: { subscription = $0; $0.request(.max(1)) },
                    receiveValue: { _ in .none },
                    receiveCompletion: { _ in }))
                subscription?.cancel()
                subscription?.cancel()
                try cancelledTwice.expectClosed(once: true, "after request(.max(1)), then cancel() twice")
            },
            CheckScenario("cancelling closes the file once and stops reading") {
                let size = drawSize()
                let disk = FakeDisk(drawText(3 * size))
                let subscriber = subscribe(disk, chunkSize: size, initialDemand: .max(1))
                subscriber.cancel()
                try disk.expectClosed(once: true, "after cancel()")
                subscriber.request(.max(2))
                try expect(disk.reads.count == 1, "after cancel(), your reader read the file again (\(disk.reads.count) reads in all)")
                let text = drawText(3 * size)
                let again = subscribe(FakeDisk(text), chunkSize: size, initialDemand: .unlimited) { chunk, subscriber in
                    subscriber.cancel()
                    return .none
                }
                try expectChunks(again, [chunked(text, size)[0]], then: nil, "cancel() from inside the first receive(_:)")
            },
        ])
    }

    /// `text` cut into chunks of `size` characters, the last one shorter.
    private static func chunked(_ text: String, _ size: Int) -> [String] {
        let characters = Array(text)
        return stride(from: 0, to: characters.count, by: size).map { String(characters[$0..<min($0 + size, characters.count)]) }
    }

    /// Fails unless exactly these chunks (as text) arrived, then `completion` (`nil`: none).
    private static func expectChunks(
        _ subscriber: ProbeSubscriber<[UInt8], Error>, _ chunks: [String], then completion: String?, _ situation: String
    ) throws {
        try subscriber.audit()
        let got = subscriber.values.map { "\"\(Trace.oneLine(String(decoding: $0, as: UTF8.self)))\"" }.joined(separator: ", ")
        let gotCompletion = subscriber.completion.map { Trace.oneLine($0.swiftText) }
        let expected = chunks.map { "\"\($0)\"" }.joined(separator: ", ")
        let describe = { (list: String, end: String?) in "[\(list)]" + (end.map { " then \($0)" } ?? " and no completion") }
        try expect(got == expected && gotCompletion == completion,
                   "\(situation): got \(describe(got, gotCompletion)), expected \(describe(expected, completion))")
    }

    /// A file in memory that records every read and close, and can fail a chosen read.
    private final class FakeDisk {
        private let bytes: [UInt8]
        private let failingRead: Int?
        private var offset = 0
        private(set) var reads: [Int] = []
        private(set) var closeCount = 0

        init(_ text: String, failingAtRead failingRead: Int? = nil) {
            bytes = Array(text.utf8)
            self.failingRead = failingRead
        }

        func read(_ count: Int) throws -> [UInt8] {
            reads.append(count)
            if reads.count == failingRead { throw ProbeFailure() }
            let end = min(offset + max(count, 0), bytes.count)
            defer { offset = end }
            return Array(bytes[offset..<end])
        }

        func close() { closeCount += 1 }

        func expectReadSizes(all size: Int, _ situation: String) throws {
            try expect(reads.allSatisfy { $0 == size }, "\(situation), your reader asked to read \(reads) bytes; expected \(size) each time")
        }

        func expectClosed(once: Bool, _ situation: String) throws {
            let expected = once ? 1 : 0
            try expect(closeCount == expected, "\(situation), your reader had closed the file \(closeCount) times; expected \(expected == 1 ? "once" : "not yet")")
        }
    }
}
