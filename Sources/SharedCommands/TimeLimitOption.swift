import ArgumentParser
import Grading
import ScenarioHosting

/// `--time-limit`, declared once for every command that runs scenarios or checks.
public struct TimeLimitOption: ParsableArguments {
    @Option(
        name: .customLong("time-limit"),
        help: ArgumentHelp(
            "Seconds one scenario or one exercise's check may run before it is stopped (default: \(Int(ScenarioHost.defaultTimeLimit)) for a scenario, \(Int(GradingPolicy().checkSeconds)) for a check).",
            valueName: "seconds"))
    public var seconds: Double?

    public init() {}

    /// The limit asked for, or `standard`.
    public func seconds(or standard: Double) -> Double {
        seconds ?? standard
    }

    public func validate() throws {
        if let seconds, !(seconds.isFinite && seconds > 0) {
            throw ValidationError("--time-limit must be a number of seconds more than 0")
        }
    }
}
