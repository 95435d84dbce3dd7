import ArgumentParser

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(not yet implemented)")
    mutating func run() throws {
        throw ValidationError("workbook list is not implemented yet")
    }
}
