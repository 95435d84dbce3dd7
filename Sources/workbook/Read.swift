import ArgumentParser
import SharedCommands
import ChapterModel
import ExerciseCatalog
import Foundation
import TerminalUI
import ChapterReader

struct Read: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read a chapter in the terminal.",
        discussion: "Name the chapter by its number (3) or its slug (fibonacci); `workbook list` shows them."
    )

    @Argument(help: "The chapter to read: its number or slug.")
    var chapter: String

    @OptionGroup var options: TerminalOptions

    @Flag(help: "Print directly instead of through $PAGER (or less -R).")
    var noPager = false

    mutating func run() throws {
        let root = try PackageRoot.locate()
        let book = try Book.load(packageRoot: root)
        let chapter = try book.chapter(named: chapter)
        let drifts = ExcerptCheck(packageRoot: root).drifts(in: chapter)
        for drift in drifts {
            FileHandle.standardError.write(Data("warning: \(drift)\n".utf8))
        }
        let terminal = options.terminal
        let next = book.chapters.first { $0.number > chapter.number }
        let slug = URL(fileURLWithPath: chapter.path).deletingPathExtension().lastPathComponent
        let exercises = ExerciseManifest.all.filter { $0.chapter == slug }
        let text = ChapterRenderer(terminal: terminal, drifts: drifts).render(chapter, exercises: exercises, next: next)
        Pager(terminal: terminal, isEnabled: !noPager).show(text)
    }
}
