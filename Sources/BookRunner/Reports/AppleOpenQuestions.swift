import Foundation

/// The list of scenarios marked `apple-unverified`, as a file a run can leave behind
/// (`workbook run --apple-report FILE`, which the macOS workflow uploads): each with its
/// chapter line and what happened to it, and for each that printed something else on
/// Apple's Combine, both outputs. The first run on a Mac settles each one: a scenario that
/// printed the same can lose its mark, one that did not needs its chapter to say so.
public struct AppleOpenQuestions {
    public var results: [ScenarioResult]
    public var combine: CombineImplementation

    public init(results: [ScenarioResult], combine: CombineImplementation = .current) {
        self.results = results
        self.combine = combine
    }

    /// The marked scenarios among the results, in the run's order.
    public var marked: [ScenarioResult] { results.filter(\.isAppleUnverified) }

    /// The marked scenarios that printed something else on Apple's Combine.
    public var differing: [ScenarioResult] {
        marked.filter { if case .differsOnApple = $0.status { return true }; return false }
    }

    /// The report as Markdown.
    public var markdown: String {
        var text = "# Scenarios marked apple-unverified, run on \(combine)\n\n"
        text += "\(marked.count) marked; \(differing.count) printed something other than the chapter's output (OpenCombine's)."
        if combine == .openCombine {
            text += " This run is on OpenCombine, so a difference here is a failure, not an open question."
        }
        text += "\n\n| Chapter line | Scenario | Result |\n|---|---|---|\n"
        for result in marked {
            let what: String
            switch result.status {
            case .passed: what = "prints the chapter's output"
            case .differsOnApple: what = "prints something else: an open question (below)"
            default: what = result.status.label
            }
            text += "| `\(result.chapterPath):\(result.line)` | \(GitHubRunSummary.cell(result.id.description + (result.heading.map { " " + $0 } ?? ""))) | \(what) |\n"
        }
        for result in differing {
            text += "\n## \(result.id) (`\(result.chapterPath):\(result.line)`)\n\n"
            text += "The chapter's output (OpenCombine's):\n\n" + Self.fenced(result.expectedOutput)
            text += "\nPrinted on \(combine):\n\n" + Self.fenced(result.output)
        }
        return text
    }

    /// `text` in a fence longer than any run of backticks it holds.
    private static func fenced(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        let body = text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
        return "\(fence)text\n\(body)\(fence)\n"
    }
}
