import Foundation

/// What a child printed on one stream, kept within a bound: the first bytes and the last,
/// and how many were cut from between them.
///
/// A child can print without end (a learner's loop around `print`, a compiler with a
/// thousand errors): the workbook keeps what explains the run, the beginning (the first
/// error, the report) and the end (the trap's message), never all of it.
struct BoundedCapture {
    /// Bytes kept from the start, and at most as many again from the end.
    let limit: Int
    private(set) var head = Data()
    private var tail = Data()
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
        guard !bytes.isEmpty else { return }
        tail.append(contentsOf: bytes)
        if tail.count > limit {
            let extra = tail.count - limit
            cutBytes += extra
            tail.removeFirst(extra)
        }
    }

    /// The bytes kept, with one line saying how much was cut, when anything was.
    var data: Data {
        guard cutBytes > 0 else { return head + tail }
        return head + Data("\n… \(cutBytes) bytes cut …\n".utf8) + tail
    }
}
