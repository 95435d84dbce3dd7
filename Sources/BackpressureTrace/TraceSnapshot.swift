import OpenCombineShim

extension Trace {
    /// A trace frozen at one moment: its hops, events and broken rules, as plain values.
    ///
    /// A ``Trace`` is a live recorder behind a lock; a snapshot is what a picture is drawn
    /// from. It is `Codable` so that a trace recorded in one process can be drawn in
    /// another (the workbook's scenario host sends the traces its scenarios drew to the
    /// workbook, which draws them as SVG for the web book), and `Equatable` so a test can
    /// compare two.
    public struct Snapshot: Codable, Equatable, Sendable {
        /// The names of the hops, in the order they were subscribed.
        public var hops: [String]
        /// Every event, in order.
        public var events: [Event]
        /// Every broken rule, in the order of the events that broke it.
        public var violations: [Violation]
        /// Whether events carry a scheduler's time (``Event/time``) rather than only a number.
        public var isTimed: Bool

        public init(hops: [String], events: [Event], violations: [Violation], isTimed: Bool) {
            self.hops = hops
            self.events = events
            self.violations = violations
            self.isTimed = isTimed
        }

        /// The text timeline of ``Trace/timeline(width:)``.
        public func timeline(width: Int = 80) -> String {
            TraceTimeline(events: events, violations: violations, timed: isTimed).render(width: width)
        }

        /// The text sequence diagram of ``Trace/handshake(hop:)``.
        public func handshake(hop: String? = nil) -> String {
            guard let hop = hop ?? events.first?.hop else { return "(nothing traced)\n" }
            return TraceHandshake(events: events.filter { $0.hop == hop }, timed: isTimed).render()
        }
    }
}
