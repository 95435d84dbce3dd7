import Foundation

/// One request as ``LoopbackHTTPServer`` read it: its head parsed in one pass over at most
/// ``LoopbackHTTPServer/headLimit`` bytes, its body whole and within the body limit.
struct HTTPRequest: Sendable {
    var method: String
    /// The target's path, without its query (`/chapters/01-demand.html`).
    var path: String
    /// Every header once, by lower-case name.
    var headers: [String: String]
    var body: Data
}

/// An answer: a status, headers and a body, always sent with `Connection: close`.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: Data

    /// The status line's words for the statuses this server sends.
    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 303: return "See Other"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 421: return "Misdirected Request"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        default: return "Error"
        }
    }

    /// The bytes on the wire.
    var serialized: Data {
        var head = "HTTP/1.1 \(status) \(Self.phrase(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Data(head.utf8) + body
    }
}

/// Reads a request's head: the request line and the header lines, strictly.
///
/// Only what a browser sends is accepted: an origin-form target (`/path?query`), HTTP/1.0
/// or 1.1, at most ``headerLimit`` headers, each named once (a second `Host` or `Origin`
/// is how a request would try to be read one way by one check and another by the next),
/// no folded lines. Anything else is a one-line refusal, never a guess.
enum HTTPRequestHead {
    static let headerLimit = 100

    struct Refusal: Error, Equatable {
        var status: Int
        var reason: String
    }

    /// `head`: the bytes before the blank line that ends it.
    static func parse(_ head: ArraySlice<UInt8>) throws -> (method: String, path: String, headers: [String: String]) {
        var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        guard !lines.isEmpty else { throw Refusal(status: 400, reason: "an empty request") }
        let requestLine = lines.removeFirst()
        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw Refusal(status: 400, reason: "a request line is METHOD /path HTTP/1.1") }
        let method = String(decoding: parts[0], as: UTF8.self)
        guard !method.isEmpty, method.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else {
            throw Refusal(status: 400, reason: "not an HTTP method")
        }
        let target = String(decoding: parts[1], as: UTF8.self)
        guard target.hasPrefix("/"), !target.hasPrefix("//") else {
            throw Refusal(status: 400, reason: "this server takes a path as the request's target, not an address")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw Refusal(status: 400, reason: "not HTTP/1.1") }
        guard lines.count <= headerLimit else { throw Refusal(status: 431, reason: "more than \(headerLimit) headers") }

        var headers: [String: String] = [:]
        for line in lines {
            guard let first = line.first, first != 0x20, first != 0x09, let colon = line.firstIndex(of: 0x3A) else {
                throw Refusal(status: 400, reason: "a header line is Name: value")
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased()
            guard name.utf8.allSatisfy(isTokenByte) else { throw Refusal(status: 400, reason: "a header's name is a token") }
            let value = String(decoding: line[line.index(after: colon)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard headers[name] == nil else { throw Refusal(status: 400, reason: "the header \(name) is given twice") }
            headers[name] = value
        }
        let path = String(target.prefix { $0 != "?" && $0 != "#" })
        return (method, path, headers)
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
