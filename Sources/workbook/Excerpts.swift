import ArgumentParser
import ChapterModel
import Foundation
import ExerciseCatalog

/// For maintainers: proves the chapters' code excerpts match the library, or brings them up to date.
struct Excerpts: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "For maintainers: check the chapters' code excerpts against Sources/, or refresh them.",
        discussion: """
            A chapter quotes the library with a block marked ```swift excerpt=<file>#<name>, whose body \
            must equal the region between `// [excerpt: <name>]` and `// [/excerpt]` in that file. \
            Without --update, lists the excerpts that differ and exits non-zero if any does. \
            With --update, rewrites them in the chapter files.
            """
    )

    @Flag(help: "Rewrite every excerpt from its source.")
    var update = false

    mutating func run() throws {
        let root = try PackageRoot.locate()
        let book = try Book.load(packageRoot: root)
        let drifts = book.chapters.flatMap(ExcerptCheck(packageRoot: root).drifts(in:))
        guard update else {
            for drift in drifts { print(drift) }
            let differ = drifts.count == 1 ? "1 excerpt differs" : "\(drifts.count) excerpts differ"
            print(drifts.isEmpty ? "Every excerpt matches its source." : "\(differ); `workbook excerpts --update` rewrites them.")
            if !drifts.isEmpty { throw ExitCode.failure }
            return
        }
        let refresh = ExcerptRefresh(packageRoot: root)
        for chapter in book.chapters where drifts.contains(where: { $0.chapter == chapter.path }) {
            let url = root.appendingPathComponent(chapter.path)
            let markdown = try String(contentsOf: url, encoding: .utf8)
            try refresh.refreshed(markdown, chapter: chapter).write(to: url, atomically: true, encoding: .utf8)
            print("updated \(chapter.path)")
        }
        if drifts.isEmpty { print("Every excerpt matches its source.") }
    }
}
