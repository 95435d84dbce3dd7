import ArgumentParser
import ExerciseJudge

/// The judge: the program grading starts beside each grading program, outside the learner's
/// sandbox (Grading's JudgeProgram and CheckRunner). It runs the exercise's check against the
/// program on its standard input and output, and writes the verdict on standard error. Not
/// for people: see ``Judge``.
@main
struct JudgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbook-judge",
        abstract: "Judge one grading program for `workbook check` and `grade` (internal)."
    )

    @Argument(help: "The exercise whose check to run.")
    var exercise: String

    @Option(help: "The seed of this run's values and demands.")
    var seed: UInt64

    @Option(help: "Seconds the whole check may take.")
    var timeLimit: Double

    mutating func run() throws {
        Judge.run(exercise: exercise, seed: seed, timeLimit: timeLimit)
    }
}
