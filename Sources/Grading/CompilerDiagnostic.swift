/// One `file:line:column: error: message` line from the compiler's output.
///
/// Grading sources carry `#sourceLocation` directives, so the file of an error in a
/// learner's code is the learner's own `Exercises/<Name>.swift`, not the generated copy.
struct CompilerDiagnostic: Equatable {
    var file: String
    var line: Int
    /// The compiler gives one; the linker (`undefined reference to …`) does not.
    var column: Int?
    var message: String

    /// `Exercises/MyAssign.swift:12:9: error: cannot find 'x' in scope`
    var text: String { "\(file):\(line)\(column.map { ":\($0)" } ?? ""): error: \(message)" }

    /// Every error in `output`, in order, each once (the build prints some twice).
    static func errors(in output: String) -> [CompilerDiagnostic] {
        var seen = Set<String>()
        // Every kind of line end splits: a `\r\n` is one Character, not a `\n`.
        return output.split(whereSeparator: \.isNewline).compactMap { parse(String($0)) }.filter { seen.insert($0.text).inserted }
    }

    static func parse(_ line: String) -> CompilerDiagnostic? {
        guard let marker = line.range(of: ": error: ") else { return nil }
        let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        let message = String(line[marker.upperBound...])
        if location.count >= 3, let lineNumber = Int(location[location.count - 2]), let column = Int(location[location.count - 1]) {
            return CompilerDiagnostic(file: location.dropLast(2).joined(separator: ":"), line: lineNumber, column: column, message: message)
        }
        if location.count >= 2, let lineNumber = Int(location[location.count - 1]) {
            return CompilerDiagnostic(file: location.dropLast().joined(separator: ":"), line: lineNumber, column: nil, message: message)
        }
        return nil
    }
}
