import Foundation

/// One line the scenario host writes to the runner.
///
/// The host reports on its own standard output, which no scenario writes to (scenarios
/// print into a capture file), one message per line with any output base64-encoded so
/// that it cannot break the framing:
///
///     begin 03-fibonacci#2
///     end 03-fibonacci#2 <base64 of everything it printed>
///     timeout 03-fibonacci#3 <base64 of what it printed before the limit>
///     unknown 09-nothing#1
///
/// A `begin` without its `end` means the scenario took the host down with it: a crash.
enum HostMessage: Equatable {
    case begin(ScenarioID)
    case end(ScenarioID, output: String)
    case timeout(ScenarioID, output: String)
    case unknown(ScenarioID)

    var line: String {
        switch self {
        case .begin(let id): return "begin \(id)\n"
        case .end(let id, let output): return "end \(id) \(Data(output.utf8).base64EncodedString())\n"
        case .timeout(let id, let output): return "timeout \(id) \(Data(output.utf8).base64EncodedString())\n"
        case .unknown(let id): return "unknown \(id)\n"
        }
    }

    /// Reads one line; `nil` for anything that is not a message (never expected, but a host
    /// that crashed mid-write may leave half a line).
    init?(line: Substring) {
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count >= 2, let id = ScenarioID(String(words[1])) else { return nil }
        func output() -> String? {
            guard words.count == 3, let data = Data(base64Encoded: String(words[2])) else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
        switch (words[0], words.count) {
        case ("begin", 2): self = .begin(id)
        case ("unknown", 2): self = .unknown(id)
        case ("end", 3): guard let output = output() else { return nil }; self = .end(id, output: output)
        case ("timeout", 3): guard let output = output() else { return nil }; self = .timeout(id, output: output)
        default: return nil
        }
    }
}
