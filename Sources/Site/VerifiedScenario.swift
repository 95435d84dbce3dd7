import BackpressureTrace
import BookRunner

/// A scenario as the web book shows it: what it printed, checked against the chapter,
/// and the trace pictures it drew while it ran.
struct VerifiedScenario {
    var result: ScenarioResult
    /// Every `timeline()` and `handshake()` the scenario drew, as data from the host.
    var drawings: [Trace.Drawing]
}
