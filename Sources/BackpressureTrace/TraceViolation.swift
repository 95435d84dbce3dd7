extension Trace {
    /// A break of the publisher/subscriber protocol that a trace saw at one hop.
    public struct Violation: Equatable, CustomStringConvertible, Codable, Sendable {
        /// The Reactive Streams rule broken, by its number in the specification
        /// (github.com/reactive-streams/reactive-streams-jvm), such as "1.1":
        ///
        /// | rule | the break |
        /// |---|---|
        /// | 1.1 | a value beyond the outstanding demand |
        /// | 1.7 | a value or a second completion after a completion |
        /// | 1.8 | a value or a completion after `cancel()`, from the thread that cancelled (from another thread it may have been on its way: rule 2.8) |
        /// | 1.9 | a value or a completion before the subscription |
        /// | 2.12 | a second subscription to the same subscriber |
        /// | 3.3 | `receive(_:)` nested in itself, on one thread, deeper than the trace's ``Trace/recursionLimit`` (a request made inside it that delivers at once) |
        /// | 3.9 | `request(.none)` (many OpenCombine subscriptions trap on it, `Publishers.Sequence` and some others ignore it; the hop reports it and drops it) |
        /// | 3.13 | the upstream still holding the hop's subscriber after `cancel()` |
        ///
        /// A second completion and a signal before the subscription are sometimes listed
        /// without a number; the specification covers them with 1.7 and 1.9.
        public let rule: String
        /// The hop where it happened.
        public let hop: String
        /// The number of the offending event (see ``Trace/Event/number``).
        public let event: Int
        /// What happened, in plain words.
        public let message: String

        public init(rule: String, hop: String, event: Int, message: String) {
            self.rule = rule
            self.hop = hop
            self.event = event
            self.message = message
        }

        /// "RS 1.1 at #7, upstream: ..."
        public var description: String {
            "RS \(rule) at #\(event), \(hop): \(message)"
        }
    }
}
