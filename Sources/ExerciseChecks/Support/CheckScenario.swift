/// One behaviour a check demands, such as "asks for .unlimited once".
///
/// A scenario builds everything it needs, drives the implementation, and throws a
/// ``CheckFailure`` on the first thing that is wrong. Scenarios share nothing, so one that
/// fails never disturbs the next.
public struct CheckScenario {
    /// What the implementation must do, phrased as a rule the learner can read.
    public let name: String
    let body: () throws -> Void

    public init(_ name: String, _ body: @escaping () throws -> Void) {
        self.name = name
        self.body = body
    }

    /// Runs the scenario; `nil` means it passed.
    public func run() -> CheckFailure? {
        do {
            try body()
            return nil
        } catch let failure as CheckFailure {
            return failure
        } catch {
            return CheckFailure("\(name): it threw \(error)")
        }
    }
}
