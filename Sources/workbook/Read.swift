import ArgumentParser
import SharedCommands
import ChapterModel
import ExerciseCatalog
import Foundation
import TerminalUI
import ChapterReader
import BookLanguages

struct Read: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read a chapter in the terminal.",
        discussion: """
            Name the chapter by its number (3) or its slug (fibonacci); `workbook list` shows them. \
            The language is --lang's, or else the environment's (LC_ALL, then LC_MESSAGES, then \
            LANG: ja_JP.UTF-8 reads Japanese, zh_CN Simplified Chinese, ru_RU Russian; any other, \
            English). A paragraph not yet translated, or changed since, is shown in English, marked.
            """
    )

    @Argument(help: "The chapter to read: its number or slug.")
    var chapter: String

    @OptionGroup var options: TerminalOptions

    @Option(help: "The language to read in: \(BookLanguage.choices) (zh is Simplified Chinese).")
    var lang: String?

    @Flag(help: "Print directly instead of through $PAGER (or less -R).")
    var noPager = false

    mutating func run() throws {
        let root = try PackageRoot.locate()
        let language = try BookLanguage.chosen(option: lang, environment: ProcessInfo.processInfo.environment)
        let translation = try language.cataloguePath.map { _ in try TranslationCatalogue.load(language, packageRoot: root) }
        let book = try Book.load(packageRoot: root, translation: translation)
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
