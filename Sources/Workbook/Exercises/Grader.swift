import ExerciseChecks
import Foundation

/// Grades exercise files in child processes, so that none can hide another.
///
/// 1. A file that is still the stub (or not there) is "not started" and costs nothing (on a fresh
///    clone, grading builds nothing at all).
/// 2. The others become ``GradingJob``s, built into the ``GradingPackage`` by an
///    ``ExerciseBuilder``, which pins each compiler error on the file it names and still
///    builds the rest.
/// 3. A ``CheckRunner`` runs each job that built in its own process, under a time limit.
///
/// Grades are computed, never remembered: nothing under `.workbook/` can change one.
/// One grading at a time per workbook: a lock file (`.workbook/grade.lock`) keeps two
/// commands, or two tests, from rewriting the grading package under each other.
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

    public static let defaultTimeLimit: Double = 10

    public init(workspace: ExerciseWorkspace, timeLimit: Double = Grader.defaultTimeLimit, log: @escaping (String) -> Void = { _ in }) {
        self.workspace = workspace
        self.timeLimit = timeLimit
        self.log = log
    }

    /// Grades the learner's own `exercises`, in the order given.
    ///
    /// - Parameter untouchedToo: also run the checks of untouched stubs (their outcome is
    ///   then what the stub does, normally "failed"), as `workbook check <name>` does to
    ///   show a learner where to begin.
    public func grade(_ exercises: [Exercise], untouchedToo: Bool = false) throws -> [ExerciseResult] {
        try grade([workspace.ownWork], exercises, untouchedToo: untouchedToo)[0]
    }

    /// Grades every submission's copy of `exercises`, all in one build; the results come
    /// back per submission, in the order given.
    public func grade(_ submissions: [Submission], _ exercises: [Exercise], untouchedToo: Bool = false) throws -> [[ExerciseResult]] {
        var settled: [GradingJob: ExerciseOutcome] = [:]
        var jobs: [GradingJob] = []
        let table = submissions.map { submission in
            exercises.map { exercise -> GradingJob in
                let job = GradingJob(exercise: exercise, submission: submission)
                switch workspace.state(of: exercise, in: submission) {
                case .missing:
                    // Nothing to grade; `workbook` lays the stub out again.
                    settled[job] = .notStarted
                case .untouched where !untouchedToo:
                    settled[job] = .notStarted
                case .untouched, .started:
                    jobs.append(job)
                }
                return job
            }
        }
        let graded = try grade(jobs)
        return table.map { row in
            row.map { job in
                let run = graded[job]
                return ExerciseResult(exercise: job.exercise, outcome: settled[job] ?? run?.outcome ?? .notStarted, seconds: run?.seconds)
            }
        }
    }

    /// Builds and runs `jobs`, whatever their files are (a learner's, a student's, the
    /// workbook's own stubs and solutions).
    func grade(_ jobs: [GradingJob]) throws -> [GradingJob: CheckRunner.Run] {
        guard !jobs.isEmpty else { return [:] }
        var runs: [GradingJob: CheckRunner.Run] = [:]
        var buildable: [GradingJob] = []
        for job in jobs {
            if let refusal = Self.refusal(of: job) {
                runs[job] = CheckRunner.Run(outcome: .doesNotCompile(refusal))
            } else {
                buildable.append(job)
            }
        }
        return try GradingLock.holding(in: workspace) {
            let builder = ExerciseBuilder(workspace: workspace, timeLimit: buildTimeLimit, log: log, runProgram: runProgram)
            let compileErrors = try builder.build(buildable)
            for (job, error) in compileErrors { runs[job] = CheckRunner.Run(outcome: .doesNotCompile(error)) }
            let built = buildable.filter { compileErrors[$0] == nil }
            let runner = CheckRunner(package: GradingPackage(workspace: workspace, jobs: built), timeLimit: timeLimit, log: log, runProgram: runProgram)
            for (job, run) in zip(built, runner.run(built)) { runs[job] = run }
            return runs
        }
    }

    /// Why a file is not even compiled, if it is not: a `#sourceLocation` line would move
    /// its compiler errors onto another file, even another exercise.
    static func refusal(of job: GradingJob) -> String? {
        guard let data = FileManager.default.contents(atPath: job.file.path) else { return "cannot read \(job.displayPath)" }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0.contains("#sourceLocation") }) else { return nil }
        return "\(job.displayPath):\(index + 1):1: error: #sourceLocation is not allowed in an exercise (it moves compiler errors off your file)"
    }
}
