import Foundation

/// Who may use `workbook serve`: the rules every request passes before anything else.
///
/// Any web page the learner visits can send requests to `127.0.0.1`, and any other user of
/// the machine can connect to it. So:
/// - the `Host` must be the server's own, `127.0.0.1:PORT` (not `localhost`, which a
///   browser may send to `[::1]:PORT`, where another user can listen): a page of
///   another site whose name was made to resolve to `127.0.0.1` (DNS rebinding) names its own;
/// - an `Origin`, when there is one, must be the server's own, and `Sec-Fetch-Site` must not
///   say cross-site or same-site: a page of another origin is refused before it is served;
/// - a request that runs code must carry the per-start secret token in a header (which a
///   page of another origin cannot set without a preflight this server never answers), come
///   with the server's own `Origin`, send JSON, and be at most ``bodyLimit`` bytes.
public struct ServeGuard: Sendable {
    public let port: UInt16
    public let token: String
    /// Bytes a request's body may have.
    public static let bodyLimit = 64 << 10
    /// The header a run carries the token in.
    public static let tokenHeader = "X-Workbook-Token"

    public init(port: UInt16, token: String) {
        self.port = port
        self.token = token
    }

    /// 32 random bytes from the system's generator, in hex: a new one per start.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// The hosts a request may name.
    public var hosts: Set<String> { ["127.0.0.1:\(port)"] }
    /// The origins a request may come from.
    public var origins: Set<String> { Set(hosts.map { "http://\($0)" }) }

    /// Why a request is refused: its status and one line; nil when it may go on.
    public struct Refusal: Error, Equatable, Sendable {
        public var status: Int
        public var reason: String
    }

    /// Checks every request: its `Host`, `Origin` and `Sec-Fetch-Site`. `headers` by lower-case name.
    public func refusal(headers: [String: String]) -> Refusal? {
        guard let host = headers["host"], hosts.contains(host.lowercased()) else {
            return Refusal(status: 421, reason: "this server answers only to http://127.0.0.1:\(port) (the Host was \(visible(headers["host"] ?? "missing")))")
        }
        if let origin = headers["origin"], !origins.contains(origin.lowercased()) {
            return Refusal(status: 403, reason: "requests from another origin are refused (\(visible(origin)))")
        }
        if let site = headers["sec-fetch-site"]?.lowercased(), site == "cross-site" || site == "same-site" {
            return Refusal(status: 403, reason: "requests from another site are refused")
        }
        return nil
    }

    /// Checks a request that runs code, after ``refusal(headers:)``.
    public func runRefusal(headers: [String: String]) -> Refusal? {
        if let refused = refusal(headers: headers) { return refused }
        guard headers["origin"] != nil else {
            return Refusal(status: 403, reason: "a run must come from the book's own page (no Origin)")
        }
        guard let given = headers[Self.tokenHeader.lowercased()], Self.same(given, token) else {
            return Refusal(status: 403, reason: "a run needs the token of the address `workbook serve` printed: open that address")
        }
        guard headers["content-type"]?.lowercased().hasPrefix("application/json") == true else {
            return Refusal(status: 415, reason: "a run is sent as JSON")
        }
        if let length = headers["content-length"], Int(length).map({ $0 > Self.bodyLimit || $0 < 0 }) ?? true {
            return Refusal(status: 413, reason: "a run's code may have at most \(Self.bodyLimit / 1024) KiB")
        }
        return nil
    }

    /// Compares in time that does not depend on where the two differ.
    public static func same(_ given: String, _ secret: String) -> Bool {
        let a = Array(given.utf8), b = Array(secret.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }

    /// A header's value as it may be quoted back: printable ASCII only, at most 100 characters.
    private func visible(_ text: String) -> String {
        String(text.unicodeScalars.prefix(100).map { (0x20..<0x7f).contains($0.value) ? Character($0) : "?" })
    }
}
