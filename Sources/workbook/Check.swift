import ArgumentParser
import SharedCommands
import ExerciseCatalog
import Grading
import LearnerTools
import TerminalUI

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check your exercises and say which behaviour is still wrong.",
        discussion: """
            Builds and runs the check of every exercise you have started (or of the one you \
            name, started or not) and prints its state with the check's message. Each check \
            runs in its own process, so an exercise that does not compile, traps or hangs is \
            reported as such and the others are still checked. Exits non-zero unless every \
            exercise checked passes.
            """
    )

    @Argument(help: "The exercise to check, e.g. MyAssign (default: all).", completion: .list(ExerciseManifest.all.map(\.name)))
    var exercise: String?

    @OptionGroup var timeLimit: TimeLimitOption

    @OptionGroup var policy: GradingPolicyOptions

    @Option(help: "Repeat a run: the seed its values and demands were drawn from (a grade record's `seed`).")
    var seed: UInt64?

    @OptionGroup var options: TerminalOptions

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locateLayingOutExercises()
        let exercises = try exercise.map { [try ExerciseLookup.exercise(named: $0)] } ?? ExerciseManifest.all
        let summary = try Self.summary(
            of: exercises, in: workspace, policy: policy.policy(checkSeconds: timeLimit.seconds), terminal: options.terminal,
            gradeUntouched: exercise != nil, seed: seed)
        print(summary.text, terminator: "")
        if !summary.allPassed { throw ExitCode.failure }
    }

    /// Grades `exercises` into the learner's summary; shared with `workbook watch`.
    ///
    /// - Parameter gradeUntouched: run the checks of untouched stubs too, so that naming an
    ///   exercise shows what its check expects first.
    static func summary(
        of exercises: [Exercise], in workspace: ExerciseWorkspace, policy: GradingPolicy,
        terminal: Terminal, gradeUntouched: Bool, seed: UInt64? = nil
    ) throws -> CheckSummary {
        var grader = Grader(workspace: workspace, policy: policy, log: logProgress)
        grader.showsProgress()
        grader.seed = seed
        if let notice = Grader.sandboxNotice { logProgress(notice) }
        let results = try grader.grade(exercises, untouchedToo: gradeUntouched)
        var records = ExerciseRecords(workspace: workspace)
        records.remember(results.filter { workspace.state(of: $0.exercise) == .started })
        let untouched = Set(exercises.filter { workspace.state(of: $0) == .untouched }.map(\.name))
        let hints = HintProgress(workspace: workspace)
        return CheckSummary(results: results, untouched: untouched, hintsSeen: hints.seenCount, terminal: terminal)
    }
}
