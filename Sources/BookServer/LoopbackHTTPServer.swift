import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on `127.0.0.1` whose every read is bounded: what `workbook serve`
/// answers with.
///
/// Any web page the learner visits can make the browser send requests here, and any local
/// user can connect, so nothing about a request is trusted before it is read within limits:
/// a head of at most ``headLimit`` bytes within ``headSeconds`` (a slow sender is cut off),
/// parsed in one pass (``HTTPRequestHead``), a body of at most ``bodyLimit`` bytes given by
/// `Content-Length` (no chunked bodies), the whole answer sent within the same time (a
/// reader that never reads, or drains a byte at a time, is cut off too), at most ``connectionLimit`` connections at once, one
/// request per connection. (FlyingFox, tried first, reads a header line byte by byte in
/// time that grows with the square of its length: a page with four long image addresses
/// kept a core busy.)
final class LoopbackHTTPServer: @unchecked Sendable {
    static let headLimit = 16 << 10
    static let connectionLimit = 64
    let headSeconds: Double
    let bodyLimit: Int
    /// The port it listens on (the one asked for, or the one the system gave for 0).
    let port: UInt16

    private let listener: Int32
    private let handler: @Sendable (HTTPRequest) async -> HTTPResponse
    private let lock = NSLock()
    private var connections = 0
    private var stopped = false

    init(port: UInt16, headSeconds: Double = 10, bodyLimit: Int, handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) throws {
        self.headSeconds = headSeconds
        self.bodyLimit = bodyLimit
        self.handler = handler
        let (descriptor, bound) = port == 0 ? try Self.portOfItsOwn() : try Self.bindLoopback(port)
        guard listen(descriptor, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw ServeError("cannot listen on 127.0.0.1:\(bound): \(reason)")
        }
        self.port = bound
        self.listener = descriptor
    }

    /// Ports bound to choose among when the system chooses.
    static let portChoices = 256

    /// A port the system gives, chosen at random among ``portChoices`` it gives at once.
    ///
    /// A browser keeps what an origin (address and port) left: cached scripts, service
    /// workers. Another user who once served the learner's browser on a port can try to make
    /// the next start land there by holding every other free port (the fifth serve red team
    /// did, and stole the token). With fewer than ``portChoices`` ports free the start is
    /// refused; with more, a port left for this is one chance in ``portChoices`` or less.
    static func portOfItsOwn(binding bindOne: () throws -> (Int32, UInt16) = { try bindLoopback(0) }) throws -> (Int32, UInt16) {
        var bound: [(Int32, UInt16)] = []
        do {
            for _ in 0..<portChoices { bound.append(try bindOne()) }
        } catch {
            for (descriptor, _) in bound { close(descriptor) }
            throw ServeError("fewer than \(portChoices) ports are free on 127.0.0.1 (another user of this machine may be holding them, to choose the port this server gets); free some, or pass --port")
        }
        let chosen = Int.random(in: 0..<bound.count)
        for (index, (descriptor, _)) in bound.enumerated() where index != chosen { close(descriptor) }
        return bound[chosen]
    }

    /// A socket bound to `127.0.0.1:port` (0: one the system gives), not yet listening.
    static func bindLoopback(_ port: UInt16) throws -> (Int32, UInt16) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw ServeError("cannot make a socket: \(String(cString: strerror(errno)))") }
        if port != 0 {
            // A port asked for again right after a stop is free at once. Not for ports the
            // system gives: unlistened sockets that may reuse an address may share one.
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw ServeError("cannot listen on 127.0.0.1:\(port): \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: actual.sin_port))
    }

    /// Accepts connections on a thread of its own, each served on a thread of its own.
    func start() {
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Connections being served now.
    var openConnections: Int { lock.withLock { connections } }

    func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            let admitted = lock.withLock { () -> Bool in
                guard !stopped, connections < Self.connectionLimit else { return false }
                connections += 1
                return true
            }
            guard admitted else {
                close(connection)
                continue
            }
            Thread.detachNewThread { [self] in
                serve(connection)
                close(connection)
                lock.withLock { connections -= 1 }
            }
        }
    }

    private func serve(_ connection: Int32) {
        var noSignal: Int32 = 1
        #if canImport(Darwin)
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        _ = noSignal
        let deadline = Date().addingTimeInterval(headSeconds)
        var bytes: [UInt8] = []
        var searchedUpTo = 0
        var headEnd: Int?
        while headEnd == nil {
            guard read(connection, into: &bytes, upTo: Self.headLimit + 4 - bytes.count, before: deadline) else {
                if bytes.count >= Self.headLimit + 4 { send(connection, refusal(431, "a request's head may have at most \(Self.headLimit / 1024) KiB")) }
                return
            }
            headEnd = Self.blankLine(in: bytes, from: max(0, searchedUpTo - 3))
            searchedUpTo = bytes.count
            if headEnd == nil, bytes.count >= Self.headLimit + 4 {
                send(connection, refusal(431, "a request's head may have at most \(Self.headLimit / 1024) KiB"))
                return
            }
        }
        guard let headEnd, headEnd <= Self.headLimit else {
            send(connection, refusal(431, "a request's head may have at most \(Self.headLimit / 1024) KiB"))
            return
        }
        let parsed: (method: String, path: String, headers: [String: String])
        do {
            parsed = try HTTPRequestHead.parse(bytes[..<headEnd])
        } catch let refused as HTTPRequestHead.Refusal {
            send(connection, refusal(refused.status, refused.reason))
            return
        } catch {
            return
        }
        if parsed.headers["transfer-encoding"] != nil {
            send(connection, refusal(501, "a request's body is sent with Content-Length"))
            return
        }
        var length = 0
        if let given = parsed.headers["content-length"] {
            guard !given.isEmpty, given.utf8.allSatisfy({ (0x30...0x39).contains($0) }), given.count <= 9, let value = Int(given) else {
                send(connection, refusal(400, "Content-Length is a number"))
                return
            }
            guard value <= bodyLimit else {
                send(connection, refusal(413, "a run's code may have at most \(bodyLimit / 1024) KiB"))
                return
            }
            length = value
        }
        var body = Array(bytes[(headEnd + 4)...].prefix(length))
        let bodyDeadline = Date().addingTimeInterval(headSeconds)
        while body.count < length {
            guard read(connection, into: &body, upTo: length - body.count, before: bodyDeadline) else { return }
        }
        let request = HTTPRequest(method: parsed.method, path: parsed.path, headers: parsed.headers, body: Data(body))
        send(connection, answer(request))
    }

    /// The handler's answer, waited for on this connection's thread (not the pool's).
    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        let box = ResponseBox()
        let done = DispatchSemaphore(value: 0)
        let handler = self.handler
        Task {
            box.response = await handler(request)
            done.signal()
        }
        done.wait()
        return box.response ?? refusal(503, "no answer")
    }

    private func refusal(_ status: Int, _ reason: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data((reason + "\n").utf8))
    }

    /// Appends at most `limit` bytes read from `connection`; false when it closed, failed,
    /// or `deadline` passed first.
    private func read(_ connection: Int32, into bytes: inout [UInt8], upTo limit: Int, before deadline: Date) -> Bool {
        guard limit > 0 else { return false }
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { return false }
        var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(min(remaining * 1000, 60_000).rounded(.up))) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: min(limit, 16 << 10))
        let got = recv(connection, &chunk, chunk.count, 0)
        guard got > 0 else { return false }
        bytes += chunk[..<got]
        return true
    }

    private func send(_ connection: Int32, _ response: HTTPResponse) {
        let data = [UInt8](response.serialized)
        var sent = 0
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        // The whole answer within ``headSeconds``: each write waits for room at most until
        // then, so a reader that drains a byte at a time cannot stretch it (a per-call send
        // timeout restarts with every byte taken).
        let deadline = Date().addingTimeInterval(headSeconds)
        while sent < data.count {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return }
            var descriptor = pollfd(fd: connection, events: Int16(POLLOUT), revents: 0)
            guard poll(&descriptor, 1, Int32(min(remaining * 1000, 60_000).rounded(.up))) > 0 else { return }
            let wrote = data[sent...].withUnsafeBytes { systemSend(connection, $0.baseAddress, $0.count, flags | Int32(MSG_DONTWAIT)) }
            if wrote < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
            if wrote <= 0 { return }
            sent += wrote
        }
    }

    /// Where `\r\n\r\n` starts in `bytes`, searching from `start`.
    static func blankLine(in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var index = start
        while index + 3 < bytes.count {
            if bytes[index] == 0x0D, bytes[index + 1] == 0x0A, bytes[index + 2] == 0x0D, bytes[index + 3] == 0x0A { return index }
            index += 1
        }
        return nil
    }
}

/// The C library's `send`, which this file's `send(_:_:)` hides.
private func systemSend(_ socket: Int32, _ buffer: UnsafeRawPointer?, _ length: Int, _ flags: Int32) -> Int {
    #if canImport(Glibc)
    return Glibc.send(socket, buffer, length, flags)
    #else
    return Darwin.send(socket, buffer, length, flags)
    #endif
}

private final class ResponseBox: @unchecked Sendable {
    var response: HTTPResponse?
}
