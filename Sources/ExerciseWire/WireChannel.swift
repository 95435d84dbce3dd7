import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages over a pair of descriptors: each a 4-byte big-endian length, then its JSON.
///
/// Reading is bounded: a frame longer than ``maximumFrame`` ends the conversation, so do
/// more than ``receiveBudget`` bytes in all, and ``receive(before:)`` gives up at a deadline.
/// Writes from several threads never mix.
public final class WireChannel: @unchecked Sendable {
    public static let maximumFrame = 1 << 20
    /// The most one conversation may send this side, by default: the judge keeps what a
    /// check receives (a subscriber's values) until the check ends, so what a program can
    /// make it hold is bounded here. An honest grading program sends well under a megabyte.
    public static let defaultReceiveBudget = 16 << 20

    public enum ReceiveError: Error, Equatable {
        /// The other side closed its end, or sent what is not a message.
        case closed
        case malformed(String)
        case timedOut
        /// The other side sent more than ``receiveBudget`` bytes in all.
        case overBudget(Int)
    }

    /// The bytes this side accepts in all, frames' headers included.
    public let receiveBudget: Int
    /// The bytes received so far.
    public private(set) var receivedBytes = 0

    private let input: Int32
    private let output: Int32
    private let writing = NSLock()
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    public init(input: Int32, output: Int32, receiveBudget: Int = WireChannel.defaultReceiveBudget) {
        self.input = input
        self.output = output
        self.receiveBudget = receiveBudget
    }

    /// Sends `message`; returns false when the other side is gone.
    @discardableResult
    public func send(_ message: WireMessage) -> Bool {
        guard let body = try? encoder.encode(message) else { return false }
        var frame = Data(count: 4)
        let length = UInt32(body.count)
        frame[0] = UInt8(length >> 24); frame[1] = UInt8(length >> 16 & 0xff)
        frame[2] = UInt8(length >> 8 & 0xff); frame[3] = UInt8(length & 0xff)
        frame.append(body)
        writing.lock()
        defer { writing.unlock() }
        return frame.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let count = write(output, bytes.baseAddress! + written, bytes.count - written)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return false }
                written += count
            }
            return true
        }
    }

    /// The next message; waits until `deadline` (for ever when nil).
    public func receive(before deadline: Date? = nil) throws -> WireMessage {
        let header = try readBytes(4, before: deadline)
        let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        guard length <= Self.maximumFrame else { throw ReceiveError.malformed("a message of \(length) bytes") }
        receivedBytes += 4 + length
        guard receivedBytes <= receiveBudget else { throw ReceiveError.overBudget(receiveBudget) }
        let body = try readBytes(length, before: deadline)
        do {
            return try decoder.decode(WireMessage.self, from: Data(body))
        } catch {
            throw ReceiveError.malformed("a message that is not one")
        }
    }

    private func readBytes(_ count: Int, before deadline: Date?) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            if let deadline {
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else { throw ReceiveError.timedOut }
                var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, 60_000).rounded(.up)))
                if ready < 0, errno == EINTR { continue }
                if ready == 0 { continue }
            }
            let got = bytes.withUnsafeMutableBytes { Self.readDescriptor(input, $0.baseAddress! + filled, count - filled) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { throw ReceiveError.closed }
            filled += got
        }
        return bytes
    }

    private static func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        read(descriptor, buffer, count)
    }
}
