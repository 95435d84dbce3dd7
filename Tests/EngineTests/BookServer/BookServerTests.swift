import BackpressureTrace
import BookRunner
import ChapterModel
@testable import BookServer
import Foundation
import Testing
import WorkbookTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 request written as given (any Host, any Origin) to 127.0.0.1:port, and the
/// answer. The socket blocks, so it waits off the cooperative pool the server's tasks need.
private func exchange(port: UInt16, _ request: String) async throws -> Answer {
    try await offThePool { try blockingExchange(port: port, request) }
}

/// An answer as read: its status (0 when none came), head and body, and whether the server
/// closed the connection (rather than the client's 120 s running out).
private struct Answer {
    var status: Int
    var headers: String
    var body: String
    var closedByServer: Bool
}

/// A socket connected to 127.0.0.1:port (closed by the caller); `receiveBuffer`, set before
/// connecting, keeps what the kernel takes in for a reader that never reads small.
private func connectedSocket(port: UInt16, receiveBuffer: Int32? = nil) throws -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw ServeError("no socket") }
    if var size = receiveBuffer {
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
        close(descriptor)
        throw ServeError("cannot connect to port \(port)")
    }
    return descriptor
}

private func blockingExchange(port: UInt16, _ request: String) throws -> Answer {
    let descriptor = try connectedSocket(port: port)
    defer { close(descriptor) }
    var timeout = timeval(tv_sec: 120, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let bytes = Array(request.utf8)
    var sent = 0
    while sent < bytes.count {
        let wrote = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if wrote <= 0 { break }
        sent += wrote
    }
    var answer = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 65536)
    var closedByServer = false
    while true {
        let got = recv(descriptor, &buffer, buffer.count, 0)
        if got <= 0 {
            closedByServer = got == 0 || errno == ECONNRESET
            break
        }
        answer += buffer[..<got]
    }
    let text = String(decoding: answer, as: UTF8.self)
    let parts = text.components(separatedBy: "\r\n\r\n")
    let head = parts.first ?? ""
    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
    return Answer(status: status, headers: head, body: parts.dropFirst().joined(separator: "\r\n\r\n"), closedByServer: closedByServer)
}

private func get(_ port: UInt16, _ path: String, host: String? = nil, extra: String = "") async throws -> Answer {
    try await exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\(extra)Connection: close\r\n\r\n")
}

private func post(_ port: UInt16, body: String, token: String?, origin: String?, host: String? = nil,
                  type: String = "application/json", length: Int? = nil) async throws -> Answer {
    var request = "POST /run HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nContent-Type: \(type)\r\nContent-Length: \(length ?? body.utf8.count)\r\nConnection: close\r\n"
    if let token { request += "X-Workbook-Token: \(token)\r\n" }
    if let origin { request += "Origin: \(origin)\r\n" }
    return try await exchange(port: port, request + "\r\n" + body)
}

private func runBody(_ scenario: String, _ code: String) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: ["scenario": scenario, "code": code]), as: UTF8.self)
}

/// `workbook serve`'s guard, against a real server on a free port: refusals need no kit.
@Suite struct BookServerGuardTests {
    @Test func theServerBindsLoopbackOnlyAndRefusesForeignHostsOriginsAndRunsWithoutTheToken() async throws {
        let server = try await BookServer(packageRoot: BuiltWorkbook.packageRoot, kit: ScenarioKit(packageRoot: BuiltWorkbook.packageRoot), port: 0, warming: false)
        defer { Task { await server.stop() } }
        let port = server.port
        #expect(server.address == "http://127.0.0.1:\(port)/index.html#token=\(server.token)")
        #expect(server.token.count == 64)

        // Loopback only: the listening socket is 127.0.0.1's, not every address's.
        let listening = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        let hexPort = String(format: "%04X", port)
        #expect(listening.contains("0100007F:\(hexPort)"))
        #expect(!listening.contains("00000000:\(hexPort)"))

        // Pages: its own Host is served; a rebound name, another port or none is refused, and
        // so is `localhost`, which a browser may send to `[::1]`, where another user can listen.
        #expect(try await get(port, "/index.html").status == 200)
        #expect(try await get(port, "/index.html", host: "localhost:\(port)").status == 421)
        #expect(try await get(port, "/index.html", host: "evil.example:\(port)").status == 421)
        #expect(try await get(port, "/index.html", host: "127.0.0.1:1").status == 421)
        #expect(try await get(port, "/index.html", extra: "Origin: http://evil.example\r\n").status == 403)
        #expect(try await get(port, "/index.html", extra: "Sec-Fetch-Site: cross-site\r\n").status == 403)

        // The token is in the address's fragment, which no browser sends: no page, header or
        // cookie ever holds it (a cookie would go to every port of 127.0.0.1).
        let landing = try await get(port, "/")
        #expect(landing.status == 303 && landing.headers.contains("Location: /index.html"))
        #expect(!landing.headers.lowercased().contains("set-cookie"))
        for page in ["/index.html", "/chapters/01-demand.html", "/assets/serve.js"] {
            let answer = try await get(port, page)
            #expect(answer.status == 200 && !answer.body.contains(server.token) && !answer.headers.contains(server.token), "\(page)")
        }
        #expect(try await get(port, "/chapters/01-demand.html").body.contains("<textarea"))

        // The whole book, as the export has it: the API, the library's sources, OpenCombine's
        // cited files and licence. Anything else is a page the book does not have.
        for page in ["/api.html", "/source/Sources/Backpressure/MySink.swift.html", "/opencombine/LICENSE.html",
                     "/opencombine/Sources/OpenCombine/Future.swift.html"] {
            #expect(try await get(port, page).status == 200, "\(page)")
        }
        let missing = try await get(port, "/source/Package.swift.html")
        #expect(missing.status == 404 && missing.body == "no such page in the book: its start is /index.html\n", "\(missing.body)")
        #expect(server.notice == nil, "\(server.notice ?? "")")

        // The page that goes on to the address is the owner's alone from its first byte, and
        // the server's folder cannot be listed by others.
        let opening = try server.writeOpeningPage()
        var info = stat()
        #expect(lstat(opening.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(lstat(server.state.path, &info) == 0 && info.st_mode & 0o777 == 0o711)
        #expect(try String(contentsOf: opening, encoding: .utf8).contains(server.address))

        // What a browser never sends is refused before any page: a second Host, an address
        // as the target, a body in chunks.
        #expect(try await exchange(port: port, "GET /index.html HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: evil.example\r\n\r\n").status == 400)
        #expect(try await exchange(port: port, "GET http://evil.example/index.html HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n").status == 400)
        #expect(try await exchange(port: port, "POST /run HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n").status == 501)

        // Runs: no token, a wrong one, a foreign or missing Origin, a rebound Host, not JSON, too large.
        let body = runBody("1#1", "print(1)")
        let own = "http://127.0.0.1:\(port)"
        #expect(try await post(port, body: body, token: nil, origin: own).status == 403)
        #expect(try await post(port, body: body, token: String(repeating: "a", count: 64), origin: own).status == 403)
        #expect(try await post(port, body: body, token: server.token, origin: "http://evil.example").status == 403)
        #expect(try await post(port, body: body, token: server.token, origin: "null").status == 403)
        #expect(try await post(port, body: body, token: server.token, origin: nil).status == 403)
        #expect(try await post(port, body: body, token: server.token, origin: "http://evil.example:\(port)", host: "evil.example:\(port)").status == 421)
        #expect(try await post(port, body: body, token: server.token, origin: own, type: "text/plain").status == 415)
        #expect(try await post(port, body: "", token: server.token, origin: own, length: 10 << 20).status == 413)
        let large = runBody("1#1", String(repeating: "// padding\n", count: 7000))
        #expect(try await post(port, body: large, token: server.token, origin: own).status == 413)
    }
}

/// A run's round trip through the server, compiled and run in the grading sandbox against
/// this package's scenario kit.
@Suite(.tags(.slow), .slow, .offThePool) struct BookServerRunTests {
    @Test func anEditedScenarioRunsInTheSandboxAndComesBackWithItsDiffAndPictures() async throws {
        let kit = try await offThePool { try ScenarioKit(packageRoot: BuiltWorkbook.packageRoot).prepared() }
        let server = try await BookServer(packageRoot: BuiltWorkbook.packageRoot, kit: kit, port: 0, timeLimit: 5)
        defer { Task { await server.stop() } }
        let port = server.port, own = "http://127.0.0.1:\(port)"
        let book = try ScenarioPlayground.scenario(named: "1#1", in: .load(packageRoot: BuiltWorkbook.packageRoot)).1

        func run(_ code: String, scenario: String = "1#1") async throws -> [String: Any] {
            let answer = try await post(port, body: runBody(scenario, code), token: server.token, origin: own)
            #expect(answer.status == 200, "\(answer.body)")
            return (try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]) ?? [:]
        }
        // The module cache, warmed at start: the runs' compiles read it and never write it.
        func cacheListing() -> [String] {
            let cache = server.state.appendingPathComponent("module-cache")
            let walker = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: [.contentModificationDateKey, .fileSizeKey])
            return (walker?.allObjects as? [URL] ?? []).map { url in
                let values = try? url.resourceValues(forKeys: [.contentModificationDateKey, .fileSizeKey])
                return "\(url.path) \(values?.fileSize ?? -1) \(values?.contentModificationDate?.timeIntervalSince1970 ?? 0)"
            }.sorted()
        }
        let warmed = cacheListing()
        #expect(warmed.contains { $0.contains(".pcm ") }, "the module cache was not warmed at start")

        let asWritten = try await run(book.code)
        #expect(asWritten["passed"] as? Bool == true, "\(asWritten)")

        let edited = try await run(book.code + "\nprint(\"edited in the page\")\n")
        #expect(edited["status"] as? String == "FAIL")
        #expect((edited["output"] as? String)?.contains("edited in the page") == true)
        #expect((edited["diff"] as? [[String: String]])?.contains { $0["kind"] == "unexpected" && $0["text"] == "edited in the page" } == true)

        // What the sandbox hides: the workbook's folder, the network, /root; and it cannot write outside.
        let probe = """
            print(FileManager.default.fileExists(atPath: \(String(reflecting: BuiltWorkbook.packageRoot.appendingPathComponent("Package.swift").path))))
            print(FileManager.default.isWritableFile(atPath: "/usr/bin"))
            print(FileManager.default.fileExists(atPath: "/root/.bashrc") || FileManager.default.fileExists(atPath: "/etc/shadow"))
            """
        let probed = try await run(probe)
        #expect((probed["output"] as? String)?.split(separator: "\n") == ["false", "false", "false"], "\(probed)")

        // What another user of the machine may do with the run's folder, whose name is in
        // every command line: nothing. It is the running step's user's alone.
        let permissions = """
            func mode(_ path: String) -> String {
                let value = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
                return String(value, radix: 8)
            }
            let program = URL(fileURLWithPath: CommandLine.arguments[0])
            let folder = program.deletingLastPathComponent()
            print(mode(folder.path), mode(program.path), mode(folder.appendingPathComponent("Scenarios.swift").path), mode(folder.appendingPathComponent("capture").path))
            """
        let sealed = try await run(permissions)
        #expect((sealed["output"] as? String)?.split(separator: "\n").first == "700 700 600 700", "\(sealed)")

        let hang = try await run("while true {}")
        #expect(hang["status"] as? String == "TIMED OUT", "\(hang)")

        let broken = try await run("let x: Int = \"no\"")
        #expect(broken["status"] as? String == "NOT COMPILED")
        // Named as the reader knows it: the scenario and its line, not the server's file.
        let message = broken["message"] as? String ?? ""
        #expect(message.hasPrefix("scenario 1.1, line 1, column 14: error: ") && !message.contains("edited/"), "\(message)")
        #expect(cacheListing() == warmed, "a run's compile changed the module cache")
    }
}

/// The server's reads are bounded: a head too long, too many headers, a sender too slow.
@Suite struct LoopbackHTTPServerTests {
    private func server(headSeconds: Double = 10) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer(port: 0, headSeconds: headSeconds, bodyLimit: 1024) { request in
            HTTPResponse(status: 200, headers: [], body: Data("\(request.method) \(request.path) \(request.body.count)".utf8))
        }
        server.start()
        return server
    }

    /// A port the system gives is one of many bound at once, chosen at random, and the
    /// others are let go; with too few free, the start is refused (another user holding
    /// every port but one would choose the port, and the origin, this server gets).
    @Test func aPortOfItsOwnIsChosenAmongManyAndTooFewFreeIsRefused() throws {
        var given: [(Int32, UInt16)] = []
        let binding = {
            let bound = try LoopbackHTTPServer.bindLoopback(0)
            given.append(bound)
            return bound
        }
        let (descriptor, port) = try LoopbackHTTPServer.portOfItsOwn(binding: binding)
        defer { close(descriptor) }
        #expect(given.count == LoopbackHTTPServer.portChoices && given.contains { $0 == (descriptor, port) })
        #expect(throws: ServeError.self) { try LoopbackHTTPServer.bindLoopback(port) }
        // The others were let go: their descriptors no longer hold their ports. (Rebinding
        // the ports would race the other tests, whose servers take ports of their own.)
        #expect(given.filter { $0.0 != descriptor }.allSatisfy { Self.portHeld(by: $0.0) != $0.1 })

        // Too few free: refused, and the ports bound until then are let go.
        given = []
        #expect(throws: ServeError.self) {
            try LoopbackHTTPServer.portOfItsOwn {
                guard given.count < 10 else { throw ServeError("no port left") }
                return try binding()
            }
        }
        #expect(given.count == 10 && given.allSatisfy { Self.portHeld(by: $0.0) != $0.1 })
    }

    /// The port a descriptor's socket is bound to, or nil when it is no socket now.
    private static func portHeld(by descriptor: Int32) -> UInt16? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let found = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return found == 0 ? UInt16(bigEndian: address.sin_port) : nil
    }

    @Test func aRequestIsReadWithItsBody() async throws {
        let server = try server()
        defer { server.stop() }
        let answer = try await exchange(port: server.port, "POST /run?x=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello")
        #expect(answer.status == 200 && answer.body == "POST /run 5")
    }

    /// The red team's header of 64 KiB took 274 s to parse with FlyingFox: here it is
    /// refused once 16 KiB have come.
    @Test func aHeadOverItsLimitIsRefusedAtOnce() async throws {
        let server = try server()
        defer { server.stop() }
        let long = try await exchange(port: server.port, "GET /\(String(repeating: "a", count: 64 << 10)) HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(long.status == 431)
        let many = (0..<150).map { "X-\($0): y\r\n" }.joined()
        #expect(try await exchange(port: server.port, "GET / HTTP/1.1\r\nHost: h\r\n\(many)\r\n").status == 431)
        #expect(try await exchange(port: server.port, "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4096\r\n\r\n").status == 413)
        #expect(try await exchange(port: server.port, "GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n").status == 400)
    }

    /// A reader that asks for a large answer and never reads it does not hold its
    /// connection (the second red team held all 32 that way).
    @Test func aReaderThatNeverReadsIsCutOff() async throws {
        let server = try LoopbackHTTPServer(port: 0, headSeconds: 1, bodyLimit: 1024) { _ in
            HTTPResponse(status: 200, headers: [], body: Data(count: 32 << 20))
        }
        server.start()
        defer { server.stop() }
        let descriptor = try connectedSocket(port: server.port, receiveBuffer: 4096)
        defer { close(descriptor) }
        let request = Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        // Never read: wait until the server has let the connection go (or give up after 120 s).
        let released = try await offThePool { () -> Bool in
            var served = false
            let giveUp = Date().addingTimeInterval(120)
            while Date() < giveUp {
                Thread.sleep(forTimeInterval: 0.1)
                if server.openConnections == 1 { served = true }
                if served, server.openConnections == 0 { return true }
            }
            return false
        }
        #expect(released)
    }

    /// A sender that never finishes its head is cut off at the head's time limit.
    @Test func aSlowSenderIsCutOff() async throws {
        let server = try server(headSeconds: 1)
        defer { server.stop() }
        // The server closes the connection (the client reads its end) with no answer, long
        // before the client's own 120 s would have given up.
        let answer = try await exchange(port: server.port, "GET / HTTP/1.1\r\nHost: h\r\n")
        #expect(answer.status == 0)
        #expect(answer.closedByServer)
    }
}

/// A run's pictures are data its code could forge: one too large to draw is left out.
@Suite struct UntrustedDrawingTests {
    @Test func aPictureLargerThanAnyScenarioDrawsIsLeftOut() throws {
        let (_, drawings) = Trace.collectingDrawings {
            let trace = Trace()
            let cancellable = [1, 2, 3].publisher.traced("numbers", into: trace).sink { _ in }
            _ = trace.timeline()
            withExtendedLifetime(cancellable) {}
        }
        let drawing = try #require(drawings.first)
        #expect(UntrustedScenario.isDrawable(drawing))

        var forged = drawing
        let hops = (0..<32).map { "hop\($0)" }
        let events = (0..<2_000).map { index in drawing.snapshot.events[index % drawing.snapshot.events.count] }
        forged.snapshot = Trace.Snapshot(hops: hops, events: events, violations: [], isTimed: false)
        #expect(!UntrustedScenario.isDrawable(forged))

        // Lanes named only in the events count too (the third red team's forgery listed none).
        let renamed = try JSONSerialization.jsonObject(with: JSONEncoder().encode(drawing.snapshot.events)) as? [[String: Any]] ?? []
        let manyHops = (0..<600).map { index -> [String: Any] in
            var event = renamed[index % renamed.count]
            event["hop"] = "lane\(index)"
            return event
        }
        var unlisted = drawing
        unlisted.snapshot = Trace.Snapshot(hops: [], events: try JSONDecoder().decode([Trace.Event].self, from: JSONSerialization.data(withJSONObject: manyHops)),
                                           violations: [], isTimed: false)
        #expect(!UntrustedScenario.isDrawable(unlisted))

        // One long hop name pads every label of every lane (the fourth red team's 2,000
        // characters cost 14 s a picture): a name past the limit is not drawn.
        func named(_ length: Int) throws -> Trace.Drawing {
            let events = try renamed.map { event -> Trace.Event in
                var event = event
                event["hop"] = String(repeating: "n", count: length)
                return try JSONDecoder().decode(Trace.Event.self, from: JSONSerialization.data(withJSONObject: event))
            }
            var named = drawing
            named.snapshot = Trace.Snapshot(hops: [], events: events, violations: [], isTimed: false)
            return named
        }
        #expect(UntrustedScenario.isDrawable(try named(UntrustedScenario.hopNameLimit)))
        #expect(!UntrustedScenario.isDrawable(try named(UntrustedScenario.hopNameLimit + 1)))

        // The fifth red team's: an event number used many times, each quoting every
        // violation of that number; and events of thousands of characters.
        let first = renamed[0]
        func forgedEvents(_ count: Int, number: (Int) -> Int, text: String = "") throws -> [Trace.Event] {
            try (0..<count).map { index in
                var event = first
                event["number"] = number(index)
                if !text.isEmpty { event["kind"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Trace.Event.Kind.value(text, returned: nil))) }
                return try JSONDecoder().decode(Trace.Event.self, from: JSONSerialization.data(withJSONObject: event))
            }
        }
        var repeated = drawing
        repeated.snapshot = Trace.Snapshot(hops: [], events: try forgedEvents(200, number: { _ in 1 }), violations: [], isTimed: false)
        #expect(!UntrustedScenario.isDrawable(repeated))
        repeated.snapshot = Trace.Snapshot(hops: [], events: try forgedEvents(200, number: { $0 }), violations: [], isTimed: false)
        #expect(UntrustedScenario.isDrawable(repeated))
        var wide = drawing
        wide.snapshot = Trace.Snapshot(hops: [], events: try forgedEvents(10, number: { $0 }, text: String(repeating: "w", count: 3_900)), violations: [], isTimed: false)
        #expect(!UntrustedScenario.isDrawable(wide))
    }

    /// Every picture the book itself draws is drawn in `serve` too: the limits are far from
    /// any scenario's.
    @Test(.tags(.slow), .slow, .offThePool) func everyPictureTheBookDrawsIsDrawable() async throws {
        let book = try Book.load(packageRoot: BuiltWorkbook.packageRoot)
        let ids = book.chapters.flatMap { chapter in chapter.scenarios.map { ScenarioID(chapter: chapter.name, number: $0.number) } }
        // Every scenario of the book, seconds of them: off the test pool, which the server
        // tests' answers need.
        let drawn = try await offThePool { ScenarioRunner(executable: BuiltWorkbook.path).runCollectingDrawings(ids).drawings.map { ("\($0.key)", $0.value) } }
        #expect(drawn.flatMap(\.1).count >= 20, "\(drawn.flatMap(\.1).count) pictures")
        for (id, pictures) in drawn {
            for picture in pictures { #expect(UntrustedScenario.isDrawable(picture), "\(id)") }
        }
    }
}

/// A compile error of edited code names the scenario and its line, which the reader sees,
/// not the file the server compiled.
@Suite struct BookServerCompileMessageTests {
    @Test func theMessageNamesTheScenarioAndItsLine() throws {
        let markdown = "# T\n\n```swift scenario\nprint(1)\n```\n\n```output\n1\n```\n\n```swift scenario\nprint(2)\n```\n\n```output\n2\n```\n"
        let chapter = try Chapter(path: "Chapters/01-demand.md", markdown: markdown)
        let scenario = try #require(chapter.scenarios.last)
        let compiler = "edited/01-demand-2.swift:20:1: error: cannot find 'x' in scope"
        #expect(UntrustedScenario.readerMessage(compiler, chapter: chapter, scenario: scenario)
                == "scenario 1.2, line 20, column 1: error: cannot find 'x' in scope")
        // Every mention, and one without a column; anything else is left as it was.
        #expect(UntrustedScenario.readerMessage("edited/01-demand-2.swift:3: note: here; see edited/01-demand-2.swift:4:2: x", chapter: chapter, scenario: scenario)
                == "scenario 1.2, line 3: note: here; see scenario 1.2, line 4, column 2: x")
        #expect(UntrustedScenario.readerMessage("error: no such module", chapter: chapter, scenario: scenario) == "error: no such module")
    }
}
