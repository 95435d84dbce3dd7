import Foundation

/// Every limit of a grading in one place: how long each step may take, what a student may
/// spend, how much runs at once and the memory that may take. `workbook grade` and `check`
/// set each with a flag of its own.
public struct GradingPolicy: Equatable, Sendable {
    /// Seconds one exercise's check may run (`--time-limit`).
    public var checkSeconds: Double = 10
    /// Seconds one compiler step may take on one file (`--compile-time-limit`).
    public var compileSeconds: Double = 60
    /// Seconds of compiling each student may spend in one grading (`--compile-budget`):
    /// fourteen files that each run to the step's limit cannot hold a class up for minutes.
    public var compileBudgetSeconds: Double = 120
    /// Seconds of checks each student may spend in one grading (`--check-budget`): a file
    /// that stalls every check (a loop run before `main`) costs its student, not the class.
    /// An honest student's fourteen checks take a few seconds in all.
    public var checkBudgetSeconds: Double = 90
    /// Seconds building the grading kit may take (the first time compiles the whole library).
    public var kitBuildSeconds: Double = 1800
    /// How many compiles, or checks, run at once (`--jobs`).
    public var jobs = GradingPolicy.defaultJobs
    /// The memory the runs at once may hold together (`--memory`); each run gets its share
    /// (``Sandbox/sharingMemory(_:among:)``). With the workbook's own, it keeps a class under
    /// the 3 GiB of the machine's memory the threat model allows.
    public var memoryBytes = 2560 << 20

    public init(checkSeconds: Double = 10) {
        self.checkSeconds = checkSeconds
    }

    /// One more than the machine's cores: each job keeps a core busy most of the time, but
    /// also waits for its tools to start and for the sandbox to be set up, and one more job
    /// fills those gaps; more than one more only adds contention.
    public static var defaultJobs: Int {
        ProcessInfo.processInfo.activeProcessorCount + 1
    }
}
