import TerminalUI
/// What `workbook run` prints: a line per scenario, diffs and messages under the ones that
/// did not pass, and a summary.
public struct RunReport {
    public var results: [ScenarioResult]
    /// Also show what each scenario printed.
    public var isVerbose: Bool
    public var terminal: Terminal

    public init(results: [ScenarioResult], isVerbose: Bool, terminal: Terminal) {
        self.results = results
        self.isVerbose = isVerbose
        self.terminal = terminal
    }

    static let passStyle = TextStyle(color: .green, bold: true)
    static let failStyle = TextStyle(color: .red, bold: true)
    static let detailStyle = TextStyle(color: .lightBlack)
    static let missingStyle = TextStyle(color: .red)
    static let unexpectedStyle = TextStyle(color: .green)

    public var allPassed: Bool { results.allSatisfy(\.passed) }

    public var text: String {
        var lines: [StyledLine] = []
        for result in results {
            lines.append(line(for: result))
            lines += details(for: result).map { [Span("      ")] + $0 }
        }
        lines.append([])
        lines.append(summary)
        return lines.map { terminal.render($0) + "\n" }.joined()
    }

    private func line(for result: ScenarioResult) -> StyledLine {
        // Two spaces after the longest label, so that `NOT COMPILED` never runs into the id.
        let labelWidth = max(7, results.map(\.status.label.count).max() ?? 0) + 2
        let label = result.status.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
        let idWidth = results.map(\.id.description.count).max() ?? 0
        var line: StyledLine = [
            Span(label, result.passed ? Self.passStyle : Self.failStyle),
            Span(result.id.description.padding(toLength: idWidth, withPad: " ", startingAt: 0)),
        ]
        if let heading = result.heading { line.append(Span("  \(heading)")) }
        line.append(Span("  \(result.chapterPath):\(result.line)", Self.detailStyle))
        return line
    }

    private func details(for result: ScenarioResult) -> [StyledLine] {
        var lines: [StyledLine] = []
        switch result.status {
        case .passed:
            break
        case .failed(let diff):
            lines.append([Span("expected (-) and printed (+):", Self.detailStyle)])
            for line in diff.lines {
                switch line {
                case .same(let text): lines.append([Span("  \(text)")])
                case .missing(let text): lines.append([Span("- \(text)", Self.missingStyle)])
                case .unexpected(let text): lines.append([Span("+ \(text)", Self.unexpectedStyle)])
                }
            }
            if diff.omittedChanges > 0 {
                lines.append([Span("… and \(diff.omittedChanges) more changed line\(diff.omittedChanges == 1 ? "" : "s") left out (`workbook run --verbose` shows everything printed)", Self.detailStyle)])
            }
        case .crashed(let message):
            lines.append([Span(message, Self.failStyle)])
        case .timedOut:
            lines.append([Span("did not finish within the time limit; it was stopped", Self.failStyle)])
        case .missing:
            lines.append([Span("its chapter's program has no such scenario", Self.failStyle)])
        case .notCompiled(let message), .notRun(let message):
            lines.append([Span(message, Self.failStyle)])
        }
        // What a scenario printed before it crashed or hung is the best clue to where it stopped.
        let stoppedEarly: Bool
        switch result.status {
        case .crashed, .timedOut: stoppedEarly = true
        case .passed, .failed, .missing, .notCompiled, .notRun: stoppedEarly = false
        }
        if isVerbose || stoppedEarly, !result.output.isEmpty {
            lines.append([Span("printed:", Self.detailStyle)])
            lines += result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast(result.output.hasSuffix("\n") ? 1 : 0)
                .map { [Span("  \($0)")] }
        }
        return lines
    }

    private var summary: StyledLine {
        let count = { (status: (ScenarioResult.Status) -> Bool) in results.filter { status($0.status) }.count }
        let passed = count { $0 == .passed }
        let failed = count { if case .failed = $0 { return true }; return false }
        let crashed = count { if case .crashed = $0 { return true }; return false }
        let timedOut = count { $0 == .timedOut }
        let missing = count { $0 == .missing }
        let notCompiled = count { if case .notCompiled = $0 { return true }; return false }
        let notRun = count { if case .notRun = $0 { return true }; return false }
        var parts = ["\(passed) passed"]
        if failed > 0 { parts.append("\(failed) failed") }
        if crashed > 0 { parts.append("\(crashed) crashed") }
        if timedOut > 0 { parts.append("\(timedOut) timed out") }
        if missing > 0 { parts.append("\(missing) not built") }
        if notCompiled > 0 { parts.append("\(notCompiled) not compiled") }
        if notRun > 0 { parts.append("\(notRun) not run") }
        let noun = results.count == 1 ? "scenario" : "scenarios"
        return [Span("\(results.count) \(noun): ", allPassed ? Self.passStyle : Self.failStyle), Span(parts.joined(separator: ", "))]
    }
}
