import BackpressureTrace
import BookRunner
import ChapterModel
import ChildProcesses
import Foundation
import Site

/// `workbook serve`: the whole web book on `127.0.0.1`, every scenario runnable in its page.
///
/// Every request passes ``ServeGuard`` first. The printed address carries the token in its
/// fragment (`/index.html#token=…`), which a browser never sends: the page's script keeps it
/// in the origin's own storage, which no page of another origin (another port included) can
/// read, and sends it with each run. No page and no cookie ever holds it. `POST /run`
/// compiles and runs one scenario's edited code (``UntrustedScenario``), one run at a time:
/// another while one runs is refused with 429. Requests are read by ``LoopbackHTTPServer``,
/// whose every read is bounded.
public final class BookServer: Sendable {
    public let port: UInt16
    public let token: String
    private let server: LoopbackHTTPServer
    private let book: ServedBook
    private let scenarios: UntrustedScenario
    private let gate = RunGate()

    /// Binds `127.0.0.1:port` (0: any free port) and prepares the pages; `warming`: fills
    /// the module cache first (the kit must be built), so that the first Run is as quick as
    /// the next.
    public init(packageRoot: URL, kit: ScenarioKit, port: UInt16, timeLimit: TimeInterval = ScenarioRunner.defaultTimeLimit,
                warming: Bool = true) async throws {
        let book = try ServedBook(packageRoot: packageRoot, editor: try EditorFiles.all())
        let folder = packageRoot.appendingPathComponent(".workbook/serve")
        Self.removeLeftovers(in: folder)
        let state = folder.appendingPathComponent("\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        let cache = state.appendingPathComponent("module-cache")
        let runs = state.appendingPathComponent("runs")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        // Others may pass through (each run's sandbox user reaches its own folder and the
        // cache by name) but not list or watch: a run's folder, named at random, and what
        // the server writes beside it stay out of other users' sight.
        for folder in [state, runs] { chmod(folder.path, 0o711) }
        var scenarios = UntrustedScenario(kit: kit, moduleCache: cache, runs: runs)
        scenarios.timeLimit = timeLimit
        if warming, let chapter = book.book.chapters.first(where: { !$0.scenarios.isEmpty }), let first = chapter.scenarios.first {
            let warming = scenarios
            try await Self.onAThreadOfItsOwn { Result { try warming.warmModuleCache(chapter: chapter, scenario: first) } }.get()
        }
        let responder = Responder()
        let server = try LoopbackHTTPServer(port: port, bodyLimit: ServeGuard.bodyLimit) { request in
            guard let answer = responder.answer else { return BookServer.text(503, "starting") }
            return await answer(request)
        }
        self.port = server.port
        self.token = ServeGuard.newToken()
        self.server = server
        self.book = book
        self.scenarios = scenarios
        self.state = state
        let guardian = ServeGuard(port: server.port, token: token)
        responder.answer = { [weak self] request in
            guard let self else { return Self.text(503, "the server is stopping") }
            return await self.answer(request, guardian: guardian)
        }
        server.start()
    }

    /// The server's own folder under `.workbook/serve` (its module cache, its runs): removed on stop.
    public let state: URL

    /// What the served book leaves out and why, in one line (OpenCombine's pages, when its
    /// sources cannot be found or a citation does not hold); nil when it is whole.
    public var notice: String? { book.openCombineNotice }

    /// The address to open: its fragment holds the token, which the browser never sends.
    public var address: String { "http://127.0.0.1:\(port)/index.html#token=\(token)" }

    /// A page in the server's folder, readable by its owner alone, that goes on to
    /// ``address``. Opening it keeps the token off the command line of a browser the
    /// opening starts, which every local user can read in `/proc`.
    public func writeOpeningPage() throws -> URL {
        let page = state.appendingPathComponent("open.html")
        let text = """
            <!doctype html><meta charset="utf-8"><title>The workbook</title>
            <meta http-equiv="refresh" content="0;url=\(address)">
            <a href="\(address)">Open the workbook</a>

            """
        try OwnerOnlyFile.create(page, contents: Data(text.utf8))
        return page
    }

    public func stop() async {
        server.stop()
        TreeRemoval.remove(state)
    }

    /// Removes the folders of servers that are no longer running (a server stopped by a
    /// signal it could not handle leaves its folder): each is named by its process id.
    private static func removeLeftovers(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names {
            guard let pid = Int32(name.prefix { $0 != "-" }), pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
            TreeRemoval.remove(folder.appendingPathComponent(name))
        }
    }

    private func answer(_ request: HTTPRequest, guardian: ServeGuard) async -> HTTPResponse {
        let headers = request.headers
        if let refused = guardian.refusal(headers: headers) { return Self.text(refused.status, refused.reason) }
        switch (request.method, request.path) {
        case ("GET", "/"):
            return Self.redirect(to: "/index.html")
        case ("POST", "/run"):
            if let refused = guardian.runRefusal(headers: headers) { return Self.text(refused.status, refused.reason) }
            return await run(request)
        case ("GET", let path):
            let relative = String(path.drop { $0 == "/" })
            guard let page = book.html(at: relative) else { return Self.text(404, book.absence(of: relative)) }
            return Self.response(200, page.contents, type: page.type)
        default:
            return Self.text(405, "not a method this server answers")
        }
    }

    private struct RunRequest: Decodable {
        var scenario: String
        var code: String
    }

    private func run(_ request: HTTPRequest) async -> HTTPResponse {
        guard request.body.count <= ServeGuard.bodyLimit else { return Self.text(413, "a run's code may have at most \(ServeGuard.bodyLimit / 1024) KiB") }
        guard let asked = try? JSONDecoder().decode(RunRequest.self, from: request.body) else { return Self.text(400, "a run is {\"scenario\": \"4#2\", \"code\": \"…\"}") }
        guard let (chapter, scenario) = try? ScenarioPlayground.scenario(named: asked.scenario, in: book.book) else {
            return Self.text(404, "no such scenario")
        }
        guard gate.enter() else { return Self.text(429, "another run is in progress: wait for it to end") }
        let scenarios = self.scenarios
        let started = Date()
        // The pictures are drawn on the run's own thread, while the run still holds the gate:
        // a costly drawing delays this run, never the server's other answers.
        let data = await Self.onAThreadOfItsOwn { () -> Data in
            let ran = scenarios.run(chapter: chapter, scenario: scenario, code: asked.code)
            let reply = RunReply(ran, seconds: Date().timeIntervalSince(started))
            return (try? JSONEncoder().encode(reply)) ?? Data()
        }
        gate.leave()
        return HTTPResponse(status: 200, headers: Self.common(type: "application/json"), body: data)
    }

    /// Runs `body`, which waits on a child process, on a thread of its own: the server's
    /// tasks keep the cooperative pool (two threads on a 2-core machine).
    private static func onAThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }

    private static func common(type: String) -> [(name: String, value: String)] {
        [("Content-Type", type), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
         ("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"),
         ("X-Frame-Options", "DENY"), ("Referrer-Policy", "no-referrer")]
    }

    private static func response(_ status: Int, _ text: String, type: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: common(type: type), body: Data(text.utf8))
    }

    static func text(_ status: Int, _ text: String) -> HTTPResponse {
        response(status, text + "\n", type: "text/plain; charset=utf-8")
    }

    private static func redirect(to path: String) -> HTTPResponse {
        HTTPResponse(status: 303, headers: common(type: "text/plain; charset=utf-8") + [("Location", path)], body: Data())
    }
}

/// Answers once the server knows its port (and so its guard).
private final class Responder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (@Sendable (HTTPRequest) async -> HTTPResponse)?
    var answer: (@Sendable (HTTPRequest) async -> HTTPResponse)? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// One run at a time: the machine's cores are the learner's.
private final class RunGate: @unchecked Sendable {
    private let lock = NSLock()
    private var busy = false
    func enter() -> Bool { lock.withLock { if busy { return false }; busy = true; return true } }
    func leave() { lock.withLock { busy = false } }
}

public struct ServeError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// What the page is sent of a run: plain values, and the SVG drawn here from the trace data.
struct RunReply: Encodable {
    /// Bytes of SVG one reply may carry; pictures past it are left out.
    static let picturesLimit = 4 << 20

    var status: String
    var passed: Bool
    var message: String?
    var output: String
    var expected: String
    var diff: [DiffLine]
    var pictures: [Picture]
    var seconds: Double
    var compileSeconds: Double
    var runSeconds: Double

    struct DiffLine: Encodable {
        var kind: String
        var text: String
    }

    struct Picture: Encodable {
        var caption: String
        var svg: String
    }

    init(_ run: UntrustedScenario.Run, seconds: Double) {
        let result = run.result
        status = result.status.label
        passed = result.passed
        output = String(result.output.prefix(256 << 10))
        expected = run.expected
        switch result.status {
        case .crashed(let message), .notCompiled(let message), .notRun(let message): self.message = message
        case .timedOut: message = "stopped: it ran longer than its time limit"
        default: message = nil
        }
        if case .failed(let lineDiff) = result.status {
            diff = lineDiff.lines.map { line in
                switch line {
                case .same(let text): return DiffLine(kind: "same", text: text)
                case .missing(let text): return DiffLine(kind: "missing", text: text)
                case .unexpected(let text): return DiffLine(kind: "unexpected", text: text)
                }
            }
        } else {
            diff = []
        }
        var svgBytes = 0
        pictures = run.drawings.compactMap { drawing in
            let what: String
            switch drawing.kind {
            case .timeline: what = "Timeline of " + drawing.hops.joined(separator: ", ")
            case .handshake: what = "Handshake at " + drawing.hops.joined(separator: ", ")
            }
            let svg = drawing.svg()
            svgBytes += svg.utf8.count
            guard svgBytes <= Self.picturesLimit else { return nil }
            return Picture(caption: String(what.prefix(512)), svg: svg)
        }
        self.seconds = seconds
        compileSeconds = run.compileSeconds
        runSeconds = run.runSeconds
    }
}
