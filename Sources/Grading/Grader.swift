import WorkbookBasics
import ExerciseCatalog
import Foundation
import ChildProcesses
import FileFingerprints
import GradeRecords

/// Grades exercise files in sandboxed child processes, so that none can hide, change or
/// fake another's grade.
///
/// 1. A file that is still the stub (or not there) is "not started" and costs nothing.
/// 2. Every other file is read only if it is a plain file (``PlainFile``), and screened
///    (``ExerciseScreen``, with the compiler's own parse, in the sandbox): tricks are
///    refused with their line, and what a forger needs is flagged for review. A courtesy:
///    what holds is the sandbox every later step runs in.
/// 3. The ``GradingKit`` (the driver and the library, a product of the workbook's own
///    build) is made current once per change to its sources, and each file is compiled on
///    its own against the ``ModuleWall`` into a program of its own (``ExerciseCompiler``),
///    ``GradingPolicy/jobs`` at a time, each step in the ``Sandbox`` and within its student's ``StudentBudget``.
/// 4. A ``CheckRunner`` runs each program in a ``Sandbox`` under a time limit.
///
/// Grades are computed, never remembered: nothing under `.workbook/` can change one, and
/// they are returned only after every program has ended. One grading at a time per
/// workbook (``GradingLock``).
public struct Grader {
    public var workspace: ExerciseWorkspace
    /// Every limit: time, compile budget, jobs at once and their memory.
    public var policy: GradingPolicy
    /// Where to say what is happening while it takes a while ("building 3 exercises…").
    public var log: @Sendable (String) -> Void
    /// Told of each file compiled and each check run, as they finish; the caller decides
    /// whether to draw it (the command does, on a terminal). Nothing by default.
    public var progress: GradingProgress?
    /// Told how far the grading kit's build has got while it is built (SwiftPM's steps done
    /// of its total so far), the first time and after every change to it: a minute or so.
    public var kitProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Runs `swift build`, the compiler and the checks. Tests replace it to watch them.
    var runProgram: ChildProcess.Runner = { try $0.run() }
    var sandbox = Sandbox.current
    /// The program that judges each check (`workbook-judge`, ``JudgeProgram``).
    public var judgeProgram = JudgeProgram.path
    /// The seed of every check's draws; `nil` draws a fresh one per check.
    public var seed: UInt64?
    /// Where each step's time goes, per file (`grade --timings`); nil measures nothing.
    public var timings: GradingTimings?

    public init(workspace: ExerciseWorkspace, policy: GradingPolicy = GradingPolicy(), log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.workspace = workspace
        self.policy = policy
        self.log = log
    }

    /// One line for the first line of output when programs run without a sandbox.
    public static var sandboxNotice: String? { Sandbox.current.notice }

    /// Why a class of `students` cannot be graded on this machine (it has no sandbox), or nil.
    public static func sandboxRefusal(gradingStudents students: Int, trustingEveryone: Bool) -> String? {
        Sandbox.current.refusal(gradingStudents: students, trustingEveryone: trustingEveryone)
    }

    /// Makes the grading kit current without grading anything: what a class's set-up runs
    /// once (`workbook dev kit`), so that no submission's grading waits for it.
    public func prepareKit() throws {
        try GradingLock.holding(in: workspace) {
            let kit = GradingKit(workspace: workspace)
            try kit.prepare(timeLimit: policy.kitBuildSeconds, log: log, runProgram: runProgram, progress: kitProgress)
            try ModuleWall(kit: kit).prepare(runProgram: runProgram)
            try JudgeProgram(path: judgeProgram).prepare(timeLimit: policy.kitBuildSeconds, log: log, progress: kitProgress)
        }
    }

    /// The grading kit's library, by its path in the workbook (`.build/<triple>/debug/…`).
    public var kitLibraryPath: String {
        let library = GradingKit(workspace: workspace).dynamicLibrary.path
        let root = workspace.root.path + "/"
        return library.hasPrefix(root) ? String(library.dropFirst(root.count)) : library
    }

    /// Grades the learner's own `exercises`, in the order given.
    ///
    /// - Parameter untouchedToo: also run the checks of untouched stubs (their outcome is
    ///   then what the stub does, normally "failed"), as `workbook check <name>` does to
    ///   show a learner where to begin.
    public func grade(_ exercises: [Exercise], untouchedToo: Bool = false) throws -> [ExerciseResult] {
        try grade([workspace.ownWork], exercises, untouchedToo: untouchedToo)[0]
    }

    /// Grades every submission's copy of `exercises`, all with one kit; the results come
    /// back per submission, in the order given.
    public func grade(_ submissions: [Submission], _ exercises: [Exercise], untouchedToo: Bool = false) throws -> [[ExerciseResult]] {
        var settled: [GradingJob: ExerciseOutcome] = [:]
        var jobs: [GradingJob] = []
        let table = submissions.map { submission in
            exercises.map { exercise -> GradingJob in
                let job = GradingJob(exercise: exercise, submission: submission)
                if !PlainFile.isRealFolder(submission.folder) {
                    settled[job] = .doesNotCompile("\(job.sourceName): error: \(SwiftLiteral.comment(submission.displayFolder)) is a symbolic link or not a folder; only the files in the submission itself are graded")
                    return job
                }
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
                return ExerciseResult(exercise: job.exercise, outcome: (settled[job] ?? run?.outcome ?? .notStarted).withDetailLimited,
                                      seconds: run?.seconds, flags: run?.flags ?? [], seed: run?.seed)
            }
        }
    }

    /// The indices of `jobs` in the order to compile them: each student's first file, then
    /// each one's second, and so on, so that the files compiling at once are different
    /// students' and one student's slow files never hold every thread.
    static func interleavedByStudent(_ jobs: [GradingJob]) -> [Int] {
        var seen: [String: Int] = [:]
        let rounds = jobs.map { job in
            defer { seen[job.group, default: 0] += 1 }
            return seen[job.group, default: 0]
        }
        return jobs.indices.sorted { (rounds[$0], $0) < (rounds[$1], $1) }
    }

    /// How one job went: the check's run, and what its file was flagged for.
    package struct Graded {
        package var outcome: ExerciseOutcome
        var seconds: Double?
        var flags: [String] = []
        var seed: UInt64?
        /// The governed names its compiled object uses (`Module.Name` a line), when it compiled.
        package var uses: [String]?
    }

    /// Screens, builds and runs `jobs`, whatever their files are (a learner's, a student's,
    /// the workbook's own stubs and solutions).
    package func grade(_ jobs: [GradingJob]) throws -> [GradingJob: Graded] {
        guard !jobs.isEmpty else { return [:] }
        var graded: [GradingJob: Graded] = [:]
        var readTexts: [GradingJob: String] = [:]
        for job in jobs {
            switch PlainFile.read(job.file) {
            case .failure(let problem):
                graded[job] = Graded(outcome: .doesNotCompile("\(job.sourceName): error: \(problem.explanation)"))
            case .success(let data):
                readTexts[job] = String(decoding: data, as: UTF8.self)
                graded[job] = Graded(outcome: .notStarted)
            }
        }
        let texts = readTexts
        let readable = jobs.filter { texts[$0] != nil }
        guard !readable.isEmpty else { return graded }
        return try GradingLock.holding(in: workspace) {
            let kit = GradingKit(workspace: workspace)
            var sandbox = self.sandbox.sharingMemory(policy.memoryBytes, among: policy.jobs + SwiftParse.width)
            if let barrier = sandbox.unreachable([kit.directory, URL(fileURLWithPath: judgeProgram).deletingLastPathComponent()]) {
                log("note: grading programs run as this user, not an unprivileged one: \(barrier.path) is closed to other users")
                sandbox = sandbox.keepingUser
            }
            // Screened while the kit is made current: both take a moment, and neither needs the other.
            var parsing = SwiftParse(folder: kit.directory.appendingPathComponent("screen"), sandbox: sandbox, runProgram: runProgram)
            if let timings {
                let names = readable.map(\.timingName)
                parsing.timed = { indices, seconds in
                    for index in indices {
                        timings.update(names[index]) { $0.screen += seconds / Double(indices.count); $0.screenShare += 1 / Double(indices.count) }
                    }
                }
            }
            let parse = parsing
            let files = readable.map { SwiftParse.File(text: texts[$0]!, owner: $0.group) }
            let displayPaths = readable.map(\.sourceName)
            let screening = Pending {
                zip(zip(files, displayPaths), parse.outlines(of: files)).map { file, outline in
                    ExerciseScreen(text: file.0.text, displayPath: file.1, outline: outline)
                }
            }
            let prepareStarted = GradingTimings.now()
            let prepared = Result {
                try kit.prepare(timeLimit: policy.kitBuildSeconds, log: log, runProgram: runProgram, progress: kitProgress)
                try ModuleWall(kit: kit).prepare(runProgram: runProgram)
                try JudgeProgram(path: judgeProgram).prepare(timeLimit: policy.kitBuildSeconds, log: log, progress: kitProgress)
            }
            timings?.addWhole("kit & judge current", GradingTimings.now() - prepareStarted)
            if case .failure = prepared { _ = screening.wait() }
            try prepared.get()
            let kitAtStart = kit.identity
            let judgeAtStart = ProgramFingerprint(judgeProgram)
            let wall = ModuleWall(kit: kit)
            var compiling = ExerciseCompiler(kit: kit, wall: wall, exercises: Set(readable.map(\.exercise)), compileTimeLimit: policy.compileSeconds,
                                            sandbox: sandbox, budget: StudentBudget(secondsPerStudent: policy.compileBudgetSeconds), runProgram: runProgram)
            compiling.timings = timings
            let compiler = compiling
            let warmStarted = GradingTimings.now()
            compiler.warmModuleCache(with: readable[0].exercise)
            compiler.linkKit()
            timings?.addWhole("module cache", GradingTimings.now() - warmStarted)

            // Compiled while the screen may still be reading: every step is sandboxed, so a
            // file the screen refuses costs time, never safety, and a learner's check does
            // not wait for both one after the other. A refusal known before the compile skips it.
            if readable.count > 1 { log("compiling \(readable.count) exercise files…") }
            let progress = self.progress
            let order = Self.interleavedByStudent(readable)
            let compiledInOrder = order.concurrentMap(width: policy.jobs) { index -> (String?, ProgramFingerprint?)? in
                defer { progress?("compiling exercise files", readable.count) }
                if let screens = screening.ready, screens[index].refusal != nil { return nil }
                let job = readable[index]
                let error = compiler.build(job, text: texts[job]!)
                return (error, error == nil ? ProgramFingerprint(compiler.program(of: job)) : nil)
            }
            var compiledFiles = [(String?, ProgramFingerprint?)?](repeating: nil, count: readable.count)
            for (index, compiled) in zip(order, compiledInOrder) { compiledFiles[index] = compiled }
            let screens = screening.wait()
            var built: [(job: GradingJob, fingerprint: ProgramFingerprint?)] = []
            for (index, (job, compiled)) in zip(readable, compiledFiles).enumerated() {
                let screen = screens[index]
                graded[job]?.flags = screen.flags
                if let refusal = screen.refusal {
                    graded[job]?.outcome = .doesNotCompile(LearnerText.line(refusal))
                } else if let (error, fingerprint) = compiled {
                    graded[job]?.uses = compiler.usedNames(of: job)
                    if let error { graded[job]?.outcome = .doesNotCompile(LearnerText.line(error)) } else { built.append((job, fingerprint)) }
                }
            }
            let runner = CheckRunner(compiler: compiler, timeLimit: policy.checkSeconds, budget: StudentBudget(secondsPerStudent: max(policy.checkBudgetSeconds, policy.checkSeconds)),
                                     sandbox: sandbox, width: policy.jobs, log: log, runProgram: runProgram, judgeProgram: judgeProgram, seed: seed, timings: timings)
            for (entry, run) in zip(built, runner.run(built, progress: progress)) {
                graded[entry.job]?.outcome = run.outcome
                graded[entry.job]?.seconds = run.seconds
                graded[entry.job]?.seed = run.seed
            }
            // What a sandbox's and the judge's start cost, which no step shows from outside:
            // measured alone, after every file's steps, so that they disturb none.
            if let timings {
                timings.measure(GradingTimings.ownRuns) { runner.calibrate(timings) }
            }
            // The kit is the workbook's own build, which a `swift build` beside this grading
            // may change: every program must have linked the one it started with.
            try kit.confirmUnchanged(since: kitAtStart)
            guard judgeAtStart != nil, ProgramFingerprint(judgeProgram) == judgeAtStart else {
                throw WorkbookError("the judge of the checks (\(judgeProgram)) was built again while this grading ran (a `swift build` in the workbook); grade again")
            }
            return graded
        }
    }
}
