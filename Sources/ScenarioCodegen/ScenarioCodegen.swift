import WorkbookBasics
import ChapterModel
import Foundation

/// The tool behind ScenarioPlugin: turns chapters into Swift the Scenarios target compiles.
///
///     ScenarioCodegen chapter <file.md> <Chapters/NN-slug.md> <output.swift>
///     ScenarioCodegen catalog <output.swift> <NN-slug> …
///
/// The first form writes one chapter's scenarios; the second the list of all chapters.
/// Keeping them apart means editing one chapter regenerates, and recompiles, one file.
/// A malformed chapter is reported as `Chapters/NN-slug.md:LINE: error: …` and fails the build.
@main
enum ScenarioCodegen {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            switch arguments.first {
            case "chapter" where arguments.count == 4:
                let markdown = try ChapterText.read(URL(fileURLWithPath: arguments[1]), path: arguments[2])
                let chapter = try Chapter(path: arguments[2], markdown: markdown)
                try FileWriting.writeIfChanged(ChapterSource(chapter: chapter).text, to: URL(fileURLWithPath: arguments[3]))
            case "catalog" where arguments.count >= 2:
                if let error = ChapterError.firstSharedNumber(in: arguments.dropFirst(2).map { $0 + ".md" }) { throw error }
                try FileWriting.writeIfChanged(CatalogSource(chapterNames: Array(arguments.dropFirst(2))).text, to: URL(fileURLWithPath: arguments[1]))
            default:
                fail("usage: ScenarioCodegen chapter <file.md> <display path> <output.swift> | catalog <output.swift> <NN-slug>…")
            }
        } catch let error as ChapterError {
            fail(error.line.map { "\(error.path):\($0): error: \(error.message)" } ?? "\(error.path): error: \(error.message)")
        } catch {
            fail("error: \(error)")
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}
