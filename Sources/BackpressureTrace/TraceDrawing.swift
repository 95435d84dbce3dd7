import Backpressure

extension Trace {
    /// One picture a trace drew: which one, the trace as it was, and the text it returned.
    ///
    /// A program that shows what some code printed (a book, a test report) may want the
    /// pictures too, drawn better than text allows. Parsing the printed text back would be
    /// fragile, so instead it can run the code inside ``collectingDrawings(_:)`` and get
    /// every ``Trace/timeline(width:)`` and ``Trace/handshake(hop:)`` drawn meanwhile, as
    /// data it can draw again (``svg()``) or send elsewhere (it is `Codable`).
    public struct Drawing: Codable, Equatable, Sendable {
        /// Which picture was asked for.
        public enum Kind: Codable, Equatable, Sendable {
            case timeline(width: Int)
            /// `hop` as it was passed: `nil` for the first hop traced.
            case handshake(hop: String?)
        }

        public var kind: Kind
        public var snapshot: Snapshot
        /// The text the trace returned, exactly: the picture's accessible description.
        public var text: String

        public init(kind: Kind, snapshot: Snapshot, text: String) {
            self.kind = kind
            self.snapshot = snapshot
            self.text = text
        }

        /// The hops the picture shows: every hop for a timeline, one for a handshake.
        public var hops: [String] {
            switch kind {
            case .timeline: return snapshot.hops
            case .handshake(let hop): return (hop ?? snapshot.events.first?.hop).map { [$0] } ?? []
            }
        }

        /// The same picture as SVG (see ``Trace/timelineSVG()`` and ``Trace/handshakeSVG(hop:)``).
        public func svg() -> String {
            switch kind {
            case .timeline: return snapshot.timelineSVG()
            case .handshake(let hop): return snapshot.handshakeSVG(hop: hop)
            }
        }
    }

    /// Runs `body` and returns, beside its result, every picture a trace drew while it ran
    /// on this task (or thread), in order.
    ///
    /// Collections nest: an inner one takes the drawings made inside it. Pictures drawn on
    /// other threads that `body` started are not collected: the collector is a task-local
    /// value, which a detached thread does not inherit.
    public static func collectingDrawings<Result>(_ body: () throws -> Result) rethrows -> (result: Result, drawings: [Drawing]) {
        let sketchbook = Sketchbook()
        let result = try $sketchbook.withValue(sketchbook, operation: body)
        return (result, sketchbook.drawings)
    }

    /// The collector ``collectingDrawings(_:)`` installs, if one is.
    @TaskLocal static var sketchbook: Sketchbook?

    /// Draws `kind` as text, handing the drawing to the current collector, if any.
    func drawn(_ kind: Drawing.Kind) -> String {
        let snapshot = snapshot()
        let text: String
        switch kind {
        case .timeline(let width): text = snapshot.timeline(width: width)
        case .handshake(let hop): text = snapshot.handshake(hop: hop)
        }
        Self.sketchbook?.add(Drawing(kind: kind, snapshot: snapshot, text: text))
        return text
    }

    /// The drawings made inside one ``collectingDrawings(_:)``. A class, behind a lock,
    /// because code inside may draw from any task that inherits the value.
    final class Sketchbook: @unchecked Sendable {
        private let collected = LockedState([Drawing]())

        func add(_ drawing: Drawing) {
            collected.withLock { $0.append(drawing) }
        }

        var drawings: [Drawing] { collected.withLock { $0 } }
    }
}
