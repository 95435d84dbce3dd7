import ExerciseCatalog
import ChapterModel
import TerminalUI

/// Lays a chapter out for the terminal, from its parsed blocks.
///
/// Prose is wrapped to the width and styled (emphasis, strong, inline code, links; a
/// citation of OpenCombine shows as its text and `file:lines`); lists
/// and quotes indent what they hold, however deep; code is highlighted and never wrapped.
/// A scenario is framed and labelled with the command that runs it, its output block shown
/// under it as what it prints. Without colour, the Markdown marks (`*`, `**`, backticks)
/// stay, so the meaning survives on a plain terminal or in a file.
public struct ChapterRenderer {
    public var terminal: Terminal
    /// Excerpts known to differ from their source; each is flagged where the chapter shows it.
    public var drifts: [ExcerptCheck.Drift]

    public init(terminal: Terminal, drifts: [ExcerptCheck.Drift] = []) {
        self.terminal = terminal
        self.drifts = drifts
    }

    static let titleStyle = TextStyle(color: .cyan, bold: true)
    static let headingStyle = TextStyle(color: .cyan, bold: true)
    static let ruleStyle = TextStyle(color: .lightBlack)
    static let inlineCodeStyle = TextStyle(color: .yellow)
    static let linkStyle = TextStyle(color: .blue, underline: true)
    static let frameStyle = TextStyle(color: .lightBlack)
    static let labelStyle = TextStyle(color: .green, bold: true)
    static let appleUnverifiedStyle = TextStyle(color: .yellow)
    /// What a scenario marked `apple-unverified` says beside its label: its output is
    /// OpenCombine's, and nobody has yet run it on Apple's Combine.
    public static let appleUnverifiedLabel = "OpenCombine's output, not yet run on Apple's Combine"
    static let outputStyle = TextStyle(color: .green)
    static let driftStyle = TextStyle(color: .red, bold: true)
    /// A paragraph of a translated chapter shown in English: marked, so a reader knows.
    static let untranslatedStyle = TextStyle(color: .magenta)

    /// The whole chapter, ending with a newline.
    ///
    /// - Parameters:
    ///   - exercises: the exercises that practise this chapter, named at the end with how to
    ///     check them, so the learner goes from reading to doing in one hop.
    ///   - next: the chapter after this one, which the last line points to.
    public func render(_ chapter: Chapter, exercises: [Exercise] = [], next: Chapter? = nil) -> String {
        var lines: [StyledLine] = [[Span("Chapter \(chapter.number) · \(chapter.path)", Self.ruleStyle)], []]
        lines += render(chapter.blocks, width: terminal.width, chapter: chapter)
        let count = chapter.scenarios.count
        let wrapper = TextWrapper(width: terminal.width)
        lines.append([])
        lines += wrapper.wrap([
            Span("Run this chapter's \(count) \(count == 1 ? "scenario" : "scenarios") with ", Self.ruleStyle),
            Span("swift run workbook run \(chapter.number)", Self.inlineCodeStyle, keepsTogether: true),
        ])
        for exercise in exercises {
            lines += wrapper.wrap([
                Span("Practise it: edit ", Self.ruleStyle),
                Span(exercise.filePath, Self.inlineCodeStyle, keepsTogether: true),
                Span(" (\(exercise.summary)), then ", Self.ruleStyle),
                Span("swift run workbook check \(exercise.name)", Self.inlineCodeStyle, keepsTogether: true),
            ])
        }
        if let next {
            lines += wrapper.wrap([
                Span("Next, chapter \(next.number), \(next.title): ", Self.ruleStyle),
                Span("swift run workbook read \(next.number)", Self.inlineCodeStyle, keepsTogether: true),
            ])
        }
        return lines.map { terminal.render($0) + "\n" }.joined()
    }

    /// Blocks one after the other, separated by blank lines unless `tight` (a tight list item).
    func render(_ blocks: [Block], width: Int, chapter: Chapter, tight: Bool = false) -> [StyledLine] {
        var lines: [StyledLine] = []
        for block in blocks {
            let rendered = render(block, width: width, chapter: chapter)
            if rendered.isEmpty { continue }
            if !lines.isEmpty, !tight { lines.append([]) }
            lines += rendered
        }
        return lines
    }

    func render(_ block: Block, width: Int, chapter: Chapter) -> [StyledLine] {
        switch block {
        case .heading(let heading):
            return render(heading, width: width)
        case .paragraph(let inlines):
            return TextWrapper(width: width).wrap(spans(for: inlines, style: .plain))
        case .list(let list):
            return render(list, width: width, chapter: chapter)
        case .blockQuote(let blocks):
            let bar = [Span("│ ", Self.frameStyle)]
            return render(blocks, width: width - 2, chapter: chapter).map { bar + $0 }
        case .code(let code):
            let highlighted = code.language == "swift" ? SwiftHighlighter().highlight(code.code) : plainLines(code.code)
            return highlighted.map { [Span("    ")] + $0 }
        case .scenario(let scenario):
            return render(scenario, width: width, chapter: chapter)
        case .excerpt(let excerpt):
            let drift = drifts.first { $0.chapter == chapter.path && $0.line == excerpt.line }
            let warning = drift.map {
                TextWrapper(width: width).wrap([Span("out of date: this excerpt \($0.problem)", Self.driftStyle)], firstPrefix: [Span("├─ ", Self.frameStyle)], prefix: [Span("│  ", Self.frameStyle)])
            } ?? []
            return framed(
                label: [Span(excerpt.source, Self.labelStyle), Span(" · \(excerpt.region)", Self.frameStyle)],
                width: width,
                body: SwiftHighlighter().highlight(excerpt.code)
            ) + warning + [[Span("└─", Self.frameStyle)]]
        case .html:
            return []
        case .thematicBreak:
            return [[Span(String(repeating: "─", count: width), Self.ruleStyle)]]
        }
    }

    private func render(_ heading: Heading, width: Int) -> [StyledLine] {
        let style = heading.level == 1 ? Self.titleStyle : Self.headingStyle
        let lines = TextWrapper(width: width).wrap(spans(for: heading.content, style: style))
        switch heading.level {
        case 1, 2:
            let underline = heading.level == 1 ? "═" : "─"
            let length = min(width, lines.map(\.visibleWidth).max() ?? 0)
            return lines + [[Span(String(repeating: underline, count: length), Self.ruleStyle)]]
        default:
            // Without colour a deeper heading would look like any paragraph: keep its mark.
            guard !terminal.usesColor else { return lines }
            return TextWrapper(width: width).wrap([Span(String(repeating: "#", count: heading.level) + " ")] + spans(for: heading.content, style: style))
        }
    }

    private func render(_ list: List, width: Int, chapter: Chapter) -> [StyledLine] {
        var lines: [StyledLine] = []
        let markerWidth = list.isOrdered ? "\(list.start + list.items.count - 1). ".count : 2
        for (offset, item) in list.items.enumerated() {
            let marker = list.isOrdered ? "\(list.start + offset)." : "•"
            let padded = marker.padding(toLength: markerWidth, withPad: " ", startingAt: 0)
            let itemLines = render(item, width: width - markerWidth, chapter: chapter, tight: list.isTight)
            if !lines.isEmpty, !list.isTight { lines.append([]) }
            for (index, line) in itemLines.enumerated() {
                let prefix = index == 0 ? Span(padded, Self.frameStyle) : Span(String(repeating: " ", count: markerWidth))
                lines.append(line.isEmpty ? [] : [prefix] + line)
            }
        }
        return lines
    }

    /// `CombineX at 299bc0f` for a link to a file of a GitHub repository at a commit
    /// (`https://github.com/cx-org/CombineX/blob/<40 hex digits>/…`); nil for any other.
    static func pinnedSource(_ destination: String) -> String? {
        let prefix = "https://github.com/"
        guard destination.hasPrefix(prefix) else { return nil }
        let parts = destination.dropFirst(prefix.count).split(separator: "/", maxSplits: 4)
        guard parts.count == 5, parts[2] == "blob", parts[3].count == 40, parts[3].allSatisfy(\.isHexDigit) else { return nil }
        return "\(parts[1]) at \(parts[3].prefix(7))"
    }

    private func render(_ scenario: Scenario, width: Int, chapter: Chapter) -> [StyledLine] {
        var label: StyledLine = [
            Span("Scenario \(chapter.number).\(scenario.number)", Self.labelStyle),
            Span(" · try it: ", Self.frameStyle),
            Span("swift run workbook try \(chapter.number)#\(scenario.number)", Self.inlineCodeStyle, keepsTogether: true),
        ]
        if scenario.isAppleUnverified {
            // The fence's `apple-unverified`, in the reader's words.
            label += [Span(" · ", Self.frameStyle), Span(Self.appleUnverifiedLabel, Self.appleUnverifiedStyle, keepsTogether: true)]
        }
        let output = plainLines(scenario.expectedOutput).map { $0.map { Span($0.text, Self.outputStyle) } }
        return framed(label: label, width: width, body: SwiftHighlighter().highlight(scenario.code))
            + [[Span("├─ ", Self.frameStyle), Span("prints", Self.labelStyle)]]
            + output.map { [Span("│ ", Self.frameStyle)] + $0 }
            + [[Span("└─", Self.frameStyle)]]
    }

    /// `┌─ label` (wrapped, as it is prose) over the body, each line behind a `│ ` gutter.
    private func framed(label: StyledLine, width: Int, body: [StyledLine]) -> [StyledLine] {
        TextWrapper(width: width).wrap(label, firstPrefix: [Span("┌─ ", Self.frameStyle)], prefix: [Span("│  ", Self.frameStyle)])
            + body.map { [Span("│ ", Self.frameStyle)] + $0 }
    }

    private func plainLines(_ text: String) -> [StyledLine] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { [Span(String($0))] }
        if lines.count > 1, lines.last == [Span("")] { lines.removeLast() }
        return lines.map { $0.filter { !$0.text.isEmpty } }
    }

    /// Inline content as spans, each in `style` with its own style laid over it.
    func spans(for inlines: [Inline], style: TextStyle) -> [Span] {
        inlines.flatMap { spans(for: $0, style: style) }
    }

    private func spans(for inline: Inline, style: TextStyle) -> [Span] {
        let color = terminal.usesColor
        switch inline {
        case .text(let text):
            return [Span(text, style)]
        case .code(let code):
            return [Span(color ? code : "`\(code)`", style.merging(Self.inlineCodeStyle), keepsTogether: true)]
        case .emphasis(let children):
            return marked(color ? "" : "*", spans(for: children, style: style.merging(TextStyle(italic: true))), style)
        case .strong(let children):
            return marked(color ? "" : "**", spans(for: children, style: style.merging(TextStyle(bold: true))), style)
        case .link(let text, let destination):
            let shown = spans(for: text, style: style.merging(Self.linkStyle))
            let isBare = text.plainText == destination || destination.hasPrefix("#")
            if let pinned = Self.pinnedSource(destination) {
                // A file of another repository at a commit (docs/evidence/): its text names the
                // file and lines, so the repository and commit are enough, not a long URL.
                return shown + [Span(" (\(pinned))", style.merging(Self.ruleStyle))]
            }
            return isBare ? shown : shown + [Span(" (\(destination))", style.merging(Self.ruleStyle))]
        case .citation(let citation):
            // The file and lines, never the `opencombine:` URL: a reader can open them.
            let shown = spans(for: citation.text, style: style.merging(Self.linkStyle))
            return citation.text.plainText == citation.location ? shown : shown + [Span(" (\(citation.location))", style.merging(Self.ruleStyle))]
        case .image(let alternative, let source):
            return [Span("[image: \(alternative.plainText)] (\(source))", style.merging(Self.ruleStyle))]
        case .softBreak:
            return [Span(" ", style)]
        case .lineBreak:
            return [Span("\n", style)]
        case .html(let html):
            return [Span(html, style)]
        case .untranslated(let fallback):
            return [Span("[\(fallback.label)]", style.merging(Self.untranslatedStyle), keepsTogether: true)]
        }
    }

    private func marked(_ mark: String, _ spans: [Span], _ style: TextStyle) -> [Span] {
        mark.isEmpty ? spans : [Span(mark, style)] + spans + [Span(mark, style)]
    }
}
