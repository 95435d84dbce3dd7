import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The private line from the scenario host back to the workbook that started it.
///
/// The workbook writes one line to the host's standard input: a fresh random *nonce*.
/// ``takeOver()`` reads it, then keeps the host's standard output for itself on a
/// descriptor of its own and points standard output at standard error, so that whatever a
/// scenario prints lands where the workbook never looks for reports, and a scenario's
/// `print` can never pass for a report. Every message is one line,
/// `<nonce> <kind> <base64 payload>`, and the workbook believes only lines that carry its nonce.
///
/// It keeps apart what the host says from what a scenario prints; it is not a wall against
/// code that means harm, which runs in the same process and could find the descriptor and
/// the nonce. A scenario is the book's code or the reader's own edit of it. Grading does
/// not use this channel: a learner's file runs in the sandbox as a driver that decides
/// nothing, and the judge, outside it, writes the verdict (``CheckReport``).
public struct ReportChannel {
    private let descriptor: Int32
    private let nonce: String

    /// The first line the workbook writes to a child: the nonce, alone.
    public static func handshake(nonce: String) -> Data {
        Data((nonce + "\n").utf8)
    }

    /// A nonce no code in the child can guess: 128 random bits, in hex.
    public static func newNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// Child side: reads the nonce from standard input, closes standard input, and takes
    /// standard output over for reports. Call it first thing in `main`, before any
    /// scenario runs. Exits with status 2 if there is no handshake (the program was not
    /// started by the workbook).
    public static func takeOver() -> ReportChannel {
        guard let line = readHandshake(), !line.isEmpty, !line.contains(" ") else {
            FileHandle.standardError.write(Data("this program is started by the workbook, which writes a handshake to its standard input\n".utf8))
            exit(2)
        }
        fflush(nil)  // every C stream, standard output among them (Swift 6 may not name `stdout`)
        let reports = dup(STDOUT_FILENO)
        // Children the code under test starts must not inherit the channel.
        _ = fcntl(reports, F_SETFD, FD_CLOEXEC)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let nothing = open("/dev/null", O_RDONLY)
        if nothing >= 0 { dup2(nothing, STDIN_FILENO); close(nothing) }
        return ReportChannel(descriptor: reports, nonce: line)
    }

    /// The handshake line, read a byte at a time with `read(2)`: stdio's `readLine` would
    /// leave the nonce behind in standard input's buffer, where a scenario's ordinary
    /// `readLine()` could read it back.
    private static func readHandshake() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 128 {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { break }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// Child side: sends one message.
    public func send(_ kind: String, _ payload: Data = Data()) {
        let bytes = Array("\(nonce) \(kind) \(payload.base64EncodedString())\n".utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard result > 0 else { return }
            written += result
        }
    }

    /// One message the workbook read from a child.
    public struct Message: Equatable {
        public var kind: String
        public var payload: Data

        public init(kind: String, payload: Data) {
            self.kind = kind
            self.payload = payload
        }
    }

    /// Workbook side: the messages in a child's standard output that carry `nonce`, in
    /// order. Any other line (or a line that is not well formed) is ignored.
    public static func messages(in output: Data, nonce: String) -> [Message] {
        String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 3, words[0] == nonce, let payload = Data(base64Encoded: String(words[2])) else { return nil }
            return Message(kind: String(words[1]), payload: payload)
        }
    }
}
