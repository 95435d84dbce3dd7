import ArgumentParser
import SharedCommands

/// `workbook grade`: runs the instructor's program with these arguments (``SiblingProgram``).
struct Grade: ParsableCommand {
    static let configuration = SiblingProgram.handingOn(HandedOnCommands.grade)

    @Argument(parsing: .captureForPassthrough, help: "What `grade` takes: see `workbook grade --help`.")
    var arguments: [String] = []

    func run() throws {
        try SiblingProgram.instructor.run(["grade"] + arguments)
    }
}

/// `workbook similarity`: runs the instructor's program with these arguments (``SiblingProgram``).
struct SimilarityCommand: ParsableCommand {
    static let configuration = SiblingProgram.handingOn(HandedOnCommands.similarity)

    @Argument(parsing: .captureForPassthrough, help: "What `similarity` takes: see `workbook similarity --help`.")
    var arguments: [String] = []

    func run() throws {
        try SiblingProgram.instructor.run(["similarity"] + arguments)
    }
}

/// `workbook dev`: runs the instructor's program with these arguments (``SiblingProgram``).
struct Dev: ParsableCommand {
    static let configuration = SiblingProgram.handingOn(HandedOnCommands.dev)

    @Argument(parsing: .captureForPassthrough, help: "What `dev` takes: see `workbook dev --help`.")
    var arguments: [String] = []

    func run() throws {
        try SiblingProgram.instructor.run(["dev"] + arguments)
    }
}
