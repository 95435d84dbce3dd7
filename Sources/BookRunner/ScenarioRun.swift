import BackpressureTrace

/// What running some scenarios produced: how each ended, and the trace pictures each drew.
///
/// The pictures come from the host as data (``HostMessage/drawings(_:_:)``), not read back
/// from the printed text, so the web book can draw them again as SVG.
public struct ScenarioRun {
    public var outcomes: [ScenarioID: ScenarioOutcome]
    /// Every `timeline()` and `handshake()` a scenario drew, in order; absent for one
    /// that drew none.
    public var drawings: [ScenarioID: [Trace.Drawing]]

    public init(outcomes: [ScenarioID: ScenarioOutcome], drawings: [ScenarioID: [Trace.Drawing]]) {
        self.outcomes = outcomes
        self.drawings = drawings
    }
}
