import ChapterModel
import TerminalUI

/// What `workbook` with no arguments prints: where the learner is and what to do next.
///
/// The overview is a list of sections, each a few styled lines, so that more of the
/// workbook (exercise progress, say) can add a section without touching the others.
public struct Overview {
    public var terminal: Terminal
    public var sections: [[StyledLine]] = []

    public init(terminal: Terminal) {
        self.terminal = terminal
    }

    static let titleStyle = TextStyle(color: .cyan, bold: true)
    static let commandStyle = TextStyle(color: .yellow)

    /// The workbook's title, the chapters, and how to start reading and running them.
    public static func chapters(_ book: Book, terminal: Terminal) -> Overview {
        var overview = Overview(terminal: terminal)
        overview.sections.append([[Span("The Combine Backpressure Workbook", titleStyle)]])
        overview.sections.append(ChapterList(book: book, terminal: terminal).lines)
        if let first = book.chapters.first {
            overview.sections.append([
                [Span("Start with chapter \(first.number), \(first.title):")],
                [Span("  "), Span("swift run workbook read \(first.number)", commandStyle), Span("   read it")],
                [Span("  "), Span("swift run workbook run \(first.number)", commandStyle), Span("    run its scenarios and compare their output")],
            ])
        }
        return overview
    }

    public var text: String {
        sections.map { section in section.map { terminal.render($0) + "\n" }.joined() }.joined(separator: "\n")
    }
}
