import BackpressureTrace
import ChildContract
import Foundation

/// One report the scenario host sends to the runner, on its private channel
/// (``ReportChannel``): the kind is the message's kind, and the
/// payload is the scenario's ID, then a newline, then what it printed.
///
///     begin  03-fibonacci#2
///     end    03-fibonacci#2 + everything it printed
///     timeout 03-fibonacci#3 + what it printed before the limit
///     unknown 09-nothing#1
///     drawings 01-demand#3 + the JSON of every trace picture it drew
///
/// A `begin` without its `end` means the scenario took the host down with it: a crash.
///
/// `drawings` comes just before `end`, for a scenario that printed a `timeline()` or a
/// `handshake()`: the traces themselves (``Trace/Drawing``), so that the web book can draw
/// them as SVG without reading the printed text back.
public enum HostMessage: Equatable {
    case begin(ScenarioID)
    case end(ScenarioID, output: String)
    case timeout(ScenarioID, output: String)
    case unknown(ScenarioID)
    case drawings(ScenarioID, [Trace.Drawing])

    /// The scenario this message closes, for the messages that close one.
    public var endedScenario: ScenarioID? {
        switch self {
        case .end(let id, _), .timeout(let id, _), .unknown(let id): return id
        case .begin, .drawings: return nil
        }
    }

    public var message: ReportChannel.Message {
        switch self {
        case .begin(let id): return Self.message("begin", id, "")
        case .end(let id, let output): return Self.message("end", id, output)
        case .timeout(let id, let output): return Self.message("timeout", id, output)
        case .unknown(let id): return Self.message("unknown", id, "")
        case .drawings(let id, let drawings):
            let json = (try? JSONEncoder().encode(drawings)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
            return Self.message("drawings", id, json)
        }
    }

    private static func message(_ kind: String, _ id: ScenarioID, _ output: String) -> ReportChannel.Message {
        ReportChannel.Message(kind: kind, payload: Data("\(id)\n\(output)".utf8))
    }

    /// Reads one message; `nil` for anything that is not one of these.
    public init?(_ message: ReportChannel.Message) {
        let text = String(decoding: message.payload, as: UTF8.self)
        guard let newline = text.firstIndex(of: "\n"), let id = ScenarioID(String(text[..<newline])) else { return nil }
        let output = String(text[text.index(after: newline)...])
        switch message.kind {
        case "begin": self = .begin(id)
        case "end": self = .end(id, output: output)
        case "timeout": self = .timeout(id, output: output)
        case "unknown": self = .unknown(id)
        case "drawings":
            guard let drawings = try? JSONDecoder().decode([Trace.Drawing].self, from: Data(output.utf8)) else { return nil }
            self = .drawings(id, drawings)
        default: return nil
        }
    }
}
