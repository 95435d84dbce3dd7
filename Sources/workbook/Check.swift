import ArgumentParser

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(not yet implemented)")
    mutating func run() throws {
        throw ValidationError("workbook check is not implemented yet")
    }
}
