import ChapterModel
import TerminalUI

/// The table of chapters that `workbook list` and `workbook` print: number, slug, title,
/// and how many scenarios each holds.
public struct ChapterList {
    public var book: Book
    public var terminal: Terminal

    public init(book: Book, terminal: Terminal) {
        self.book = book
        self.terminal = terminal
    }

    static let headingStyle = TextStyle(bold: true)
    static let numberStyle = TextStyle(color: .cyan, bold: true)
    static let detailStyle = TextStyle(color: .lightBlack)

    public var lines: [StyledLine] {
        let slugWidth = book.chapters.map(\.slug.count).max() ?? 0
        let titleWidth = book.chapters.map(\.title.count).max() ?? 0
        var lines: [StyledLine] = [[Span("Chapters", Self.headingStyle)]]
        for chapter in book.chapters {
            let count = chapter.scenarios.count
            lines.append([
                Span(String(chapter.number).leftPadded(to: 4), Self.numberStyle),
                Span("  " + chapter.slug.padding(toLength: slugWidth, withPad: " ", startingAt: 0)),
                Span("  " + chapter.title.padding(toLength: titleWidth, withPad: " ", startingAt: 0)),
                Span("  \(count) \(count == 1 ? "scenario" : "scenarios")", Self.detailStyle),
            ])
        }
        if book.chapters.isEmpty { lines.append([Span("  (none yet: add Chapters/NN-slug.md)", Self.detailStyle)]) }
        return lines
    }

    public var text: String {
        lines.map { terminal.render($0) + "\n" }.joined()
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
