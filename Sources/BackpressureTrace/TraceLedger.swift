import OpenCombineShim

extension Trace {
    /// One hop's demand accounts at a moment of the trace.
    ///
    /// Combine's rule is that a publisher may deliver no more values than were asked for,
    /// by `request(_:)` and by the demand `receive(_:)` returned. The ledger keeps that
    /// sum, the values delivered against it, and what is still owed, so a reader can see
    /// at every event who is waiting for whom.
    public struct Ledger: Equatable, CustomStringConvertible, Codable, Sendable {
        /// Everything asked for so far: each `request(_:)` plus each demand `receive(_:)`
        /// returned.
        public var requested: Subscribers.Demand = .none
        /// Values that crossed the hop.
        public var delivered = 0
        /// Values asked for and not yet delivered. It never goes below zero: a value
        /// beyond it is a violation of rule 1.1, not a debt.
        public var outstanding: Subscribers.Demand = .none

        public init() {}

        public var description: String {
            "requested \(requested.traceText), delivered \(delivered), outstanding \(outstanding.traceText)"
        }

        /// Adds demand, from a request or from what `receive(_:)` returned.
        mutating func grant(_ demand: Subscribers.Demand) {
            requested += demand
            outstanding += demand
        }

        /// Counts one delivery; returns false if nothing was owed.
        mutating func deliver() -> Bool {
            delivered += 1
            guard outstanding > .none else { return false }
            outstanding -= .max(1)
            return true
        }
    }
}
