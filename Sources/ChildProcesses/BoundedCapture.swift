import Foundation

/// What a child printed on one stream, kept within a bound: the first bytes and the last,
/// and how many were cut from between them.
///
/// A child can print without end (a learner's loop around `print`, a compiler with a
/// thousand errors): the workbook keeps what explains the run, the beginning (the first
/// error, the report) and the end (the trap's message), never all of it. Both parts live in
/// buffers allocated once, at most `limit` bytes each: the tail is a ring that new bytes
/// overwrite, so the memory a capture holds never grows with what the child prints.
struct BoundedCapture {
    /// Bytes kept from the start, and at most as many again from the end.
    let limit: Int
    private(set) var head = Data()
    /// The last bytes, oldest first from ``ringStart`` once the ring is full.
    private var ring: [UInt8] = []
    private var ringStart = 0
    private(set) var cutBytes = 0

    init(limit: Int) {
        self.limit = limit
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        var bytes = bytes[...]
        if head.count < limit {
            let taken = bytes.prefix(limit - head.count)
            head.append(contentsOf: taken)
            bytes = bytes.dropFirst(taken.count)
        }
        guard !bytes.isEmpty, limit > 0 else {
            cutBytes += limit > 0 ? 0 : bytes.count
            return
        }
        // Only the last `limit` bytes of this write can survive it.
        if bytes.count > limit {
            cutBytes += bytes.count - limit
            bytes = bytes.suffix(limit)
        }
        if ring.count < limit {
            if ring.isEmpty { ring.reserveCapacity(limit) }
            let room = limit - ring.count
            ring.append(contentsOf: bytes.prefix(room))
            bytes = bytes.dropFirst(room)
        }
        // Over the oldest bytes, in at most two runs (to the end of the ring, then from its start).
        while !bytes.isEmpty {
            let run = bytes.prefix(limit - ringStart)
            ring.replaceSubrange(ringStart..<ringStart + run.count, with: run)
            ringStart = (ringStart + run.count) % limit
            cutBytes += run.count
            bytes = bytes.dropFirst(run.count)
        }
    }

    /// The last bytes, in order.
    private var tail: Data {
        Data(ring[ringStart...]) + Data(ring[..<ringStart])
    }

    /// The bytes kept, with one line saying how much was cut, when anything was.
    var data: Data {
        guard cutBytes > 0 else { return head + tail }
        return head + Data("\n… \(cutBytes) bytes cut …\n".utf8) + tail
    }
}
