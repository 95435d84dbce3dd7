import ArgumentParser
import Grading

/// The grading policy's flags, for the commands that compile and check exercise files;
/// `--time-limit` (``TimeLimitOption``) sets the check's time.
public struct GradingPolicyOptions: ParsableArguments {
    @Option(
        name: .customLong("jobs"),
        help: ArgumentHelp("How many files compile, and how many checks run, at once (default: \(GradingPolicy.defaultJobs), one more than this machine's cores).", valueName: "n"))
    public var jobs: Int?

    @Option(
        name: .customLong("compile-time-limit"),
        help: ArgumentHelp("Seconds one compiler step may take on one file (default: \(Int(GradingPolicy().compileSeconds))).", valueName: "seconds"))
    public var compileSeconds: Double?

    @Option(
        name: .customLong("compile-budget"),
        help: ArgumentHelp("Seconds of compiling each student may spend in one grading (default: \(Int(GradingPolicy().compileBudgetSeconds))).", valueName: "seconds"))
    public var compileBudgetSeconds: Double?

    @Option(
        name: .customLong("check-budget"),
        help: ArgumentHelp("Seconds of checks each student may spend in one grading (default: \(Int(GradingPolicy().checkBudgetSeconds))).", valueName: "seconds"))
    public var checkBudgetSeconds: Double?

    @Option(
        name: .customLong("memory"),
        help: ArgumentHelp("MiB of memory the compiles or checks running at once may hold together (default: \(GradingPolicy().memoryBytes >> 20)).", valueName: "MiB"))
    public var memoryMiB: Int?

    public init() {}

    /// The default policy with what the flags ask, and `checkSeconds` for each check.
    public func policy(checkSeconds: Double?) -> GradingPolicy {
        var policy = GradingPolicy()
        if let checkSeconds { policy.checkSeconds = checkSeconds }
        if let jobs { policy.jobs = jobs }
        if let compileSeconds { policy.compileSeconds = compileSeconds }
        if let compileBudgetSeconds { policy.compileBudgetSeconds = compileBudgetSeconds }
        if let checkBudgetSeconds { policy.checkBudgetSeconds = checkBudgetSeconds }
        if let memoryMiB { policy.memoryBytes = memoryMiB << 20 }
        return policy
    }

    public func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be a whole number of 1 or more") }
        for (flag, value) in [("--compile-time-limit", compileSeconds), ("--compile-budget", compileBudgetSeconds), ("--check-budget", checkBudgetSeconds)] {
            if let value, !(value.isFinite && value > 0) { throw ValidationError("\(flag) must be a number of seconds more than 0") }
        }
        if let memoryMiB, memoryMiB < 512 { throw ValidationError("--memory must be 512 MiB or more") }
    }
}
