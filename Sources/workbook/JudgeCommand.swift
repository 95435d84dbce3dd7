import ArgumentParser
import ExerciseJudge

/// The hidden command grading starts beside each grading program, outside the sandbox: it
/// runs the exercise's check against the program on its standard input and output, and
/// writes the verdict on standard error. Not for people: see ``Judge``.
struct JudgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "judge",
        abstract: "Judge one grading program for `workbook check` and `grade` (internal).",
        shouldDisplay: false
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
