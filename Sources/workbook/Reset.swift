import ArgumentParser

struct Reset: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(not yet implemented)")
    mutating func run() throws {
        throw ValidationError("workbook reset is not implemented yet")
    }
}
