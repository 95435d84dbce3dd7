import ArgumentParser

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(not yet implemented)")
    mutating func run() throws {
        throw ValidationError("workbook run is not implemented yet")
    }
}
