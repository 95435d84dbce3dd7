/// Separates the file-scope declarations of a scenario from its statements.
///
/// A scenario's code runs inside a function, where Swift allows local types but not
/// `extension`s. So an `extension` written at the start of a line (column one) and closed by
/// a `}` alone at the start of a line is moved to file scope, made `fileprivate` unless it
/// says otherwise, so that chapters never clash with each other. Each piece keeps the line it
/// had in the chapter.
struct ScenarioSplit {
    /// A run of the scenario's lines, and the chapter line of its first one.
    struct Piece: Equatable {
        var firstLine: Int
        var lines: [String]
    }

    var declarations: [Piece] = []
    var statements: [Piece] = []
    /// Names bound by `let` or `var` at the start of a line, such as `cancellable`.
    var topLevelBindings: [String] {
        statements.flatMap(\.lines).compactMap(Self.boundName)
    }

    init(code: String, firstLine: Int) {
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var index = 0
        var statementRun: Piece?
        while index < lines.count {
            if Self.opensExtension(lines[index]), let end = lines[index...].firstIndex(of: "}") {
                if let run = statementRun { statements.append(run); statementRun = nil }
                var extensionLines = Array(lines[index...end])
                if extensionLines[0].hasPrefix("extension ") { extensionLines[0] = "fileprivate " + extensionLines[0] }
                declarations.append(Piece(firstLine: firstLine + index, lines: extensionLines))
                index = end + 1
            } else {
                if statementRun == nil { statementRun = Piece(firstLine: firstLine + index, lines: []) }
                statementRun?.lines.append(lines[index])
                index += 1
            }
        }
        if let run = statementRun { statements.append(run) }
    }

    /// `cancellable` for `let cancellable = …` or `var cancellable: AnyCancellable? = …`.
    static func boundName(_ line: String) -> String? {
        let declaration = ["let ", "var "].first { line.hasPrefix($0) }
        guard let declaration else { return nil }
        let name = line.dropFirst(declaration.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard let first = name.first, !first.isNumber, name != "_" else { return nil }
        return String(name)
    }

    static func opensExtension(_ line: String) -> Bool {
        ["extension ", "private extension ", "fileprivate extension ", "internal extension ", "public extension "]
            .contains { line.hasPrefix($0) }
    }
}
