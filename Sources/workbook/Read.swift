import ArgumentParser

struct Read: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(not yet implemented)")
    mutating func run() throws {
        throw ValidationError("workbook read is not implemented yet")
    }
}
