import ExerciseChecks
import Foundation

/// Grades exercises in child processes, so that none can hide another.
///
/// 1. Exercises whose file is still the pristine stub are "not started" and cost nothing
///    (on a fresh clone, grading builds nothing at all).
/// 2. The others are built into the ``GradingPackage`` by an ``ExerciseBuilder``, which
///    pins each compiler error on the exercise whose file it names and still builds the
///    rest: an error in one exercise never marks another as broken.
/// 3. A ``CheckRunner`` runs each exercise that built in its own process, under a time
///    limit. Its report says passed or failed; a trap is "crashed", an endless loop
///    "timed out".
///
/// The grades of started exercises are remembered in ``ExerciseRecords`` for the overview.
public struct Grader {
    public var workspace: ExerciseWorkspace
    /// Seconds one exercise's check may run.
    public var timeLimit: Double
    /// Seconds one `swift build` may take (the first one compiles the whole library).
    public var buildTimeLimit: Double = 1800
    /// Where to say what is happening while it takes a while ("building 3 exercises…").
    public var log: (String) -> Void
    /// Runs `swift build` and the checks. Tests replace it to play builds and checks
    /// without a toolchain.
    var runProgram: (ChildProcess) throws -> ChildProcess.Result = { try $0.run() }

    public static let defaultTimeLimit = ExerciseCheck.defaultTimeLimit

    public init(workspace: ExerciseWorkspace, timeLimit: Double = Grader.defaultTimeLimit, log: @escaping (String) -> Void = { _ in }) {
        self.workspace = workspace
        self.timeLimit = timeLimit
        self.log = log
    }

    /// Grades `exercises`, in the order given.
    ///
    /// - Parameter untouchedToo: also run the checks of untouched stubs (their outcome is
    ///   then what the stub does, normally "failed"), as `workbook check <name>` does to
    ///   show a learner where to begin.
    public func grade(_ exercises: [Exercise], untouchedToo: Bool = false) throws -> [ExerciseResult] {
        var outcomes: [Exercise: ExerciseOutcome] = [:]
        var toBuild: [Exercise] = []
        for exercise in exercises {
            switch workspace.state(of: exercise) {
            case .missing:
                outcomes[exercise] = .doesNotCompile("\(exercise.stubPath) is missing; `swift run workbook reset \(exercise.name)` restores it")
            case .untouched where !untouchedToo:
                outcomes[exercise] = .notStarted
            case .untouched, .started:
                toBuild.append(exercise)
            }
        }
        var seconds: [Exercise: Double] = [:]
        if !toBuild.isEmpty {
            let builder = ExerciseBuilder(workspace: workspace, timeLimit: buildTimeLimit, log: log, runProgram: runProgram)
            let compileErrors = try builder.build(toBuild)
            for (exercise, error) in compileErrors { outcomes[exercise] = .doesNotCompile(error) }
            let built = toBuild.filter { compileErrors[$0] == nil }
            let runner = CheckRunner(package: GradingPackage(workspace: workspace, exercises: built),
                                     timeLimit: timeLimit, log: log, runProgram: runProgram)
            for (exercise, run) in zip(built, runner.run()) {
                outcomes[exercise] = run.outcome
                seconds[exercise] = run.seconds
            }
        }
        let results = exercises.map { ExerciseResult(exercise: $0, outcome: outcomes[$0] ?? .notStarted, seconds: seconds[$0]) }
        var records = ExerciseRecords(workspace: workspace)
        try? records.remember(results.filter { workspace.state(of: $0.exercise) != .untouched })
        return results
    }
}
