import OpenCombineShim

extension Trace {
    /// One signal that crossed one traced hop. `Codable`, so that a ``Snapshot`` can be
    /// drawn in another process than the one that recorded it.
    public struct Event: Equatable, CustomStringConvertible, Codable, Sendable {
        /// What crossed the hop.
        public enum Kind: Equatable, Codable, Sendable {
            /// The downstream called `subscribe(_:)`: the first of the five steps.
            case subscribe
            /// The upstream handed over its subscription (`receive(subscription:)`).
            case subscription
            /// The downstream called `request(_:)`.
            case request(Subscribers.Demand)
            /// The upstream delivered a value (shown by its description), and
            /// `receive(_:)` returned `returned` (`nil` while that call is still running).
            case value(String, returned: Subscribers.Demand?)
            /// The upstream finished.
            case finished
            /// The upstream failed with the error described.
            case failure(String)
            /// The downstream called `cancel()`.
            case cancel
        }

        /// The event's number in the trace, from 1, in the order the events happened.
        public let number: Int
        /// The name the hop was given in `traced(_:into:)`.
        public let hop: String
        public let kind: Kind
        /// Seconds since the trace began, on the trace's scheduler; `nil` without one.
        public let time: Double?
        /// The hop's demand accounts just after this event (after `receive(_:)` returned,
        /// for a value).
        public let ledger: Ledger

        public var description: String {
            let when = time.map { "t=\(Trace.secondsText($0))" } ?? "#\(number)"
            return "\(when) \(hop): \(kind.callText) [\(ledger)]"
        }
    }
}

extension Trace.Event.Kind {
    /// The call as a reader writes it, e.g. `request(.max(2))`, `receive(10) -> .none`.
    var callText: String {
        switch self {
        case .subscribe: return "subscribe(_:)"
        case .subscription: return "receive(subscription:)"
        case let .request(demand): return "request(\(demand.swiftText))"
        case let .value(value, returned):
            return "receive(\(value))" + (returned.map { " -> \($0.swiftText)" } ?? "")
        case .finished: return "receive(completion: .finished)"
        case let .failure(error): return "receive(completion: .failure(\(error)))"
        case .cancel: return "cancel()"
        }
    }
}
