import ArgumentParser
import SharedCommands

/// `workbook serve`: runs the web book's program with these arguments (``SiblingProgram``).
struct Serve: ParsableCommand {
    static let configuration = SiblingProgram.handingOn(HandedOnCommands.serve)

    @Argument(parsing: .captureForPassthrough, help: "What `serve` takes: see `workbook serve --help`.")
    var arguments: [String] = []

    func run() throws {
        try SiblingProgram.web.run(["serve"] + arguments)
    }
}

/// `workbook export html DIR`: runs the web book's program with these arguments (``SiblingProgram``).
struct Export: ParsableCommand {
    static let configuration = SiblingProgram.handingOn(HandedOnCommands.export)

    @Argument(parsing: .captureForPassthrough, help: "What `export` takes: see `workbook export html --help`.")
    var arguments: [String] = []

    func run() throws {
        try SiblingProgram.web.run(["export"] + arguments)
    }
}
