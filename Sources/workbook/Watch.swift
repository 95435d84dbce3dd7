import ArgumentParser

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(not yet implemented)")
    mutating func run() throws {
        throw ValidationError("workbook watch is not implemented yet")
    }
}
