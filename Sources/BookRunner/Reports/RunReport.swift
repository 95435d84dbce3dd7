import TerminalUI
/// What `workbook run` prints: a line per scenario, diffs and messages under the ones that
/// did not pass, a summary, and the count of scenarios marked `apple-unverified` (on Apple's
/// Combine: how many of them printed something else).
public struct RunReport {
    public var results: [ScenarioResult]
    /// Also show what each scenario printed.
    public var isVerbose: Bool
    public var terminal: Terminal
    /// The Combine the scenarios ran on, for the closing count.
    public var combine: CombineImplementation

    public init(results: [ScenarioResult], isVerbose: Bool, terminal: Terminal, combine: CombineImplementation = .current) {
        self.results = results
        self.isVerbose = isVerbose
        self.terminal = terminal
        self.combine = combine
    }

    static let passStyle = TextStyle(color: .green, bold: true)
    static let failStyle = TextStyle(color: .red, bold: true)
    static let detailStyle = TextStyle(color: .lightBlack)
    static let missingStyle = TextStyle(color: .red)
    static let unexpectedStyle = TextStyle(color: .green)
    static let openStyle = TextStyle(color: .yellow, bold: true)

    /// True unless a scenario failed: an open question about Apple's Combine fails nothing.
    public var allPassed: Bool { !results.contains(where: \.isFailure) }

    public var text: String {
        var lines: [StyledLine] = []
        for result in results {
            lines.append(line(for: result))
            lines += details(for: result).map { [Span("      ")] + $0 }
        }
        lines.append([])
        lines.append(summary)
        if let marks = appleCount { lines.append(marks) }
        return lines.map { terminal.render($0) + "\n" }.joined()
    }

    private func line(for result: ScenarioResult) -> StyledLine {
        // Two spaces after the longest label, so that `NOT COMPILED` never runs into the id.
        let labelWidth = max(7, results.map(\.status.label.count).max() ?? 0) + 2
        let label = result.status.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
        let idWidth = results.map(\.id.description.count).max() ?? 0
        var line: StyledLine = [
            Span(label, result.passed ? Self.passStyle : result.isFailure ? Self.failStyle : Self.openStyle),
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
            if result.isAppleUnverified {
                lines.append([Span("(marked apple-unverified, but this run is on \(combine): its output is the one the chapter holds)", Self.detailStyle)])
            }
        case .differsOnApple:
            lines.append([Span("an open question, not a failure: the chapter marks this scenario apple-unverified, and Apple's Combine printed something other than OpenCombine; the chapter's prose at \(result.chapterPath):\(result.line) says what is not known (docs/learning.md, \"On a Mac\")", Self.detailStyle)])
            lines.append([Span("the chapter's output, OpenCombine's:", Self.detailStyle)])
            lines += Self.indented(result.expectedOutput)
            lines.append([Span("printed here, on Apple's Combine:", Self.detailStyle)])
            lines += Self.indented(result.output)
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
        case .passed, .failed, .differsOnApple, .missing, .notCompiled, .notRun: stoppedEarly = false
        }
        if isVerbose || stoppedEarly, !result.output.isEmpty, !isDifferenceOnApple(result) {
            lines.append([Span("printed:", Self.detailStyle)])
            lines += Self.indented(result.output)
        }
        return lines
    }

    private func isDifferenceOnApple(_ result: ScenarioResult) -> Bool {
        if case .differsOnApple = result.status { return true }
        return false
    }

    /// `text`'s lines, each indented by two spaces, without the empty line after its last newline.
    private static func indented(_ text: String) -> [StyledLine] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
            .map { [Span("  \($0)")] }
    }

    /// The closing count of the scenarios marked `apple-unverified`, nil when none ran: on
    /// Apple's Combine, how many printed something else; on OpenCombine, that they are judged
    /// as written.
    private var appleCount: StyledLine? {
        let marked = results.filter(\.isAppleUnverified)
        guard !marked.isEmpty else { return nil }
        let noun = marked.count == 1 ? "scenario is" : "scenarios are"
        switch combine {
        case .apple:
            let open = marked.filter(isDifferenceOnApple).count
            let verb = open == 1 ? "prints" : "print"
            return [Span("Apple's Combine: ", Self.openStyle),
                    Span("\(marked.count) \(noun) marked apple-unverified; \(open) of them \(verb) something other than OpenCombine, open questions rather than failures (docs/learning.md, \"On a Mac\")")]
        case .openCombine:
            return [Span("\(marked.count) \(noun) marked apple-unverified: their output is OpenCombine's, not yet run on Apple's Combine", Self.detailStyle)]
        }
    }

    private var summary: StyledLine {
        let count = { (status: (ScenarioResult.Status) -> Bool) in results.filter { status($0.status) }.count }
        let passed = count { $0 == .passed }
        let failed = count { if case .failed = $0 { return true }; return false }
        let open = count { if case .differsOnApple = $0 { return true }; return false }
        let crashed = count { if case .crashed = $0 { return true }; return false }
        let timedOut = count { $0 == .timedOut }
        let missing = count { $0 == .missing }
        let notCompiled = count { if case .notCompiled = $0 { return true }; return false }
        let notRun = count { if case .notRun = $0 { return true }; return false }
        var parts = ["\(passed) passed"]
        if failed > 0 { parts.append("\(failed) failed") }
        if open > 0 { parts.append("\(open) differ\(open == 1 ? "s" : "") on Apple's Combine") }
        if crashed > 0 { parts.append("\(crashed) crashed") }
        if timedOut > 0 { parts.append("\(timedOut) timed out") }
        if missing > 0 { parts.append("\(missing) not built") }
        if notCompiled > 0 { parts.append("\(notCompiled) not compiled") }
        if notRun > 0 { parts.append("\(notRun) not run") }
        let noun = results.count == 1 ? "scenario" : "scenarios"
        return [Span("\(results.count) \(noun): ", allPassed ? Self.passStyle : Self.failStyle), Span(parts.joined(separator: ", "))]
    }
}
