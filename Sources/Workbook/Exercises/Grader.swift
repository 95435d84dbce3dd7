import ExerciseChecks
import Foundation

/// Grades exercises in child processes, so that none can hide another.
///
/// 1. Exercises whose file is still the pristine stub are "not started" and cost nothing
///    (on a fresh clone, grading builds nothing at all).
/// 2. The others are written into the ``GradingPackage`` and built with one `swift build`.
///    If that fails, each compiler error is pinned on the exercise whose file it names,
///    and every exercise without an error of its own is built again on its own: an error
///    in one exercise never marks another as broken.
/// 3. Each exercise that built runs its check in its own process, under a time limit.
///    Its report says passed or failed; a trap is "crashed", an endless loop "timed out".
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
            let compileErrors = try build(toBuild)
            for (exercise, error) in compileErrors { outcomes[exercise] = .doesNotCompile(error) }
            let built = toBuild.filter { compileErrors[$0] == nil }
            let package = GradingPackage(workspace: workspace, exercises: built)
            for (exercise, run) in zip(built, runChecks(built, in: package)) {
                outcomes[exercise] = run.outcome
                seconds[exercise] = run.seconds
            }
        }
        let results = exercises.map { ExerciseResult(exercise: $0, outcome: outcomes[$0] ?? .notStarted, seconds: seconds[$0]) }
        var records = ExerciseRecords(workspace: workspace)
        try? records.remember(results.filter { workspace.state(of: $0.exercise) != .untouched })
        return results
    }

    // MARK: - Building

    /// Builds the exercises; returns the first compiler error of each one that does not compile.
    ///
    /// A failed build names the exercises it stumbled on. Those are set aside and the rest
    /// built again, until a build succeeds: an error can stop a build before it reaches the
    /// other exercises, so one pass is not enough. An error that names no exercise is
    /// tracked down by building each remaining exercise on its own; if one fails alone
    /// without naming itself, the workbook itself does not build.
    private func build(_ exercises: [Exercise]) throws -> [Exercise: String] {
        var errors: [Exercise: String] = [:]
        var remaining = exercises
        while !remaining.isEmpty {
            let package = GradingPackage(workspace: workspace, exercises: remaining)
            try package.write()
            let firstTime = !FileManager.default.fileExists(atPath: package.directory.appendingPathComponent(".build").path)
            log("building \(remaining.count) exercise\(remaining.count == 1 ? "" : "s")…"
                + (firstTime ? " (the first time also builds the library and its dependencies: a minute or two)" : ""))
            let whole = try swiftBuild(package, product: nil)
            if whole.succeeded { return errors }
            if whole.termination == .timedOut {
                throw ExerciseError("`swift build` of the exercises took more than \(Int(buildTimeLimit)) s and was stopped")
            }
            let output = whole.standardOutput + "\n" + whole.standardError
            let found = firstErrors(in: output, among: remaining)
            guard !found.isEmpty else {
                return try errors.merging(buildEachAlone(package, output), uniquingKeysWith: { first, _ in first })
            }
            errors.merge(found) { first, _ in first }
            remaining.removeAll { found[$0] != nil }
        }
        return errors
    }

    /// The last resort: builds each exercise of `package` alone, to pin an error the joint
    /// build did not attribute.
    private func buildEachAlone(_ package: GradingPackage, _ jointOutput: String) throws -> [Exercise: String] {
        guard package.exercises.count > 1 else { throw workbookDoesNotBuild(jointOutput) }
        var errors: [Exercise: String] = [:]
        for exercise in package.exercises {
            log("building \(exercise.name) on its own…")
            let alone = try swiftBuild(package, product: exercise)
            if alone.succeeded { continue }
            let output = alone.standardOutput + "\n" + alone.standardError
            guard let error = firstErrors(in: output, among: [exercise])[exercise] else { throw workbookDoesNotBuild(output) }
            errors[exercise] = error
        }
        return errors
    }

    private func swiftBuild(_ package: GradingPackage, product: Exercise?) throws -> ChildProcess.Result {
        var arguments = ["build", "--package-path", package.directory.path]
        if let product { arguments += ["--product", GradingPackage.targetName(of: product)] }
        return try runProgram(ChildProcess("swift", arguments, timeout: buildTimeLimit))
    }

    /// The first error that names each exercise's own files.
    private func firstErrors(in output: String, among exercises: [Exercise]) -> [Exercise: String] {
        var errors: [Exercise: String] = [:]
        for diagnostic in CompilerDiagnostic.errors(in: output) {
            guard let exercise = exercises.first(where: { owns($0, diagnostic.file) }), errors[exercise] == nil else { continue }
            errors[exercise] = diagnostic.text
        }
        return errors
    }

    private func owns(_ exercise: Exercise, _ file: String) -> Bool {
        file == exercise.stubPath || file == exercise.bindingPath
            || file.contains("/.workbook/grade/Sources/\(exercise.name)/")
    }

    /// The build failed outside any exercise: nothing can be graded, say why in one line.
    private func workbookDoesNotBuild(_ output: String) -> ExerciseError {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let first = CompilerDiagnostic.errors(in: output).first?.text
            ?? lines.last(where: { $0.contains("error") })
            ?? lines.last
            ?? "swift build failed without saying why"
        return ExerciseError("the workbook itself does not build, so no exercise can be graded: \(first)")
    }

    // MARK: - Running

    private struct Run {
        var outcome: ExerciseOutcome
        var seconds: Double?
    }

    /// Runs each exercise's check in its own process, two at a time, in order of `exercises`.
    private func runChecks(_ exercises: [Exercise], in package: GradingPackage) -> [Run] {
        guard !exercises.isEmpty else { return [] }
        log("running \(exercises.count) check\(exercises.count == 1 ? "" : "s")…")
        let runs = Slots<Run>(count: exercises.count)
        let next = DispatchSemaphore(value: 2)
        let group = DispatchGroup()
        for (index, exercise) in exercises.enumerated() {
            next.wait()
            DispatchQueue.global().async(group: group) {
                runs[index] = runCheck(exercise, in: package)
                next.signal()
            }
        }
        group.wait()
        return runs.values.map { $0 ?? Run(outcome: .crashed("the check did not run")) }
    }

    private func runCheck(_ exercise: Exercise, in package: GradingPackage) -> Run {
        let process = ChildProcess(package.executable(of: exercise).path, timeout: timeLimit)
        guard let result = try? runProgram(process) else {
            return Run(outcome: .crashed("the check's program could not be started"))
        }
        switch result.termination {
        case .timedOut:
            return Run(outcome: .timedOut(seconds: timeLimit), seconds: result.duration)
        case .exited, .signalled:
            guard let report = GradingProtocol.report(in: result.standardOutput) else {
                // A trap names its file by #fileID, "<module>/<file>": name the learner's file instead.
                let message = crashMessage(result).replacingOccurrences(
                    of: "\(GradingPackage.targetName(of: exercise))/\(exercise.name).swift", with: exercise.stubPath)
                return Run(outcome: .crashed(message), seconds: result.duration)
            }
            let outcome: ExerciseOutcome = report.failure.map { .failed(scenario: $0.scenario, message: $0.message) } ?? .passed
            return Run(outcome: outcome, seconds: result.duration)
        }
    }

    /// The trap's own message when the process printed one, else how it ended.
    private func crashMessage(_ result: ChildProcess.Result) -> String {
        let printedSomething = !result.standardError.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        let message = CrashMessage(standardError: result.standardError, termination: result.termination).text
        switch result.termination {
        case .signalled(let signal) where printedSomething:
            return "\(message) (\(signalName(signal)))"
        case .signalled(let signal):
            let overflow = signal == SIGSEGV ? " (a stack overflow, such as endless recursion, or a bad memory access)" : ""
            return "killed by \(signalName(signal))\(overflow)"
        case .exited(let status) where !printedSomething:
            return "exited with status \(status) before the check could report"
        case .exited, .timedOut:
            return message
        }
    }

    private func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGABRT: return "SIGABRT"
        case SIGSEGV: return "SIGSEGV"
        case SIGBUS: return "SIGBUS"
        case SIGKILL: return "SIGKILL"
        default: return "signal \(signal)"
        }
    }
}

/// Results filled in by concurrent workers, one slot each.
private final class Slots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    subscript(index: Int) -> Value? {
        get { lock.lock(); defer { lock.unlock() }; return slots[index] }
        set { lock.lock(); defer { lock.unlock() }; slots[index] = newValue }
    }

    var values: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
