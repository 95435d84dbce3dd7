import ArgumentParser

struct Hint: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(not yet implemented)")
    mutating func run() throws {
        throw ValidationError("workbook hint is not implemented yet")
    }
}
