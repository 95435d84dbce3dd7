import ArgumentParser

struct Grade: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(not yet implemented)")
    mutating func run() throws {
        throw ValidationError("workbook grade is not implemented yet")
    }
}
