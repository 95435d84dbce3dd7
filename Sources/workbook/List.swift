import ArgumentParser
import ChapterModel
import Workbook

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the chapters, with their numbers, slugs and scenario counts.")

    @OptionGroup var options: TerminalOptions

    mutating func run() throws {
        let book = try Book.load(packageRoot: try PackageRoot.locate())
        print(ChapterList(book: book, terminal: options.terminal).text, terminator: "")
    }
}
