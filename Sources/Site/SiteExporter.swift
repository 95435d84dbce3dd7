import Backpressure
import ChapterModel
import Foundation
import Scenarios
import BookRunner
import TerminalUI

/// Builds the web book: a static site from the same parsed chapters the terminal shows,
/// with every scenario run and checked, and every trace it drew drawn again as SVG.
///
/// The steps: run each chapter's scenarios in the scenario host (which sends back the
/// traces they drew as data), refuse to publish a scenario whose output differs from its
/// chapter, then write the pages (``BookPages``, the same pages `workbook serve` serves)
/// and the two assets. Nothing on a page loads from outside the site, and a
/// citation that OpenCombine's sources do not bear out stops the export as a failing
/// scenario does.
public struct SiteExporter {
    public var packageRoot: URL
    public var output: URL
    public var runner: ScenarioRunner
    /// A DocC site to copy into `api/` and link from the API page.
    public var doccArchive: URL?
    public var progress: StepProgress
    /// Finds the OpenCombine sources the chapters cite.
    public var locateOpenCombine: () throws -> OpenCombineCheckout

    public static let bookTitle = "The Combine Backpressure Workbook"

    public init(packageRoot: URL, output: URL, runner: ScenarioRunner, doccArchive: URL? = nil, progress: StepProgress = StepProgress(),
                locateOpenCombine: (() throws -> OpenCombineCheckout)? = nil) {
        self.packageRoot = packageRoot
        self.output = output
        self.runner = runner
        self.doccArchive = doccArchive
        self.progress = progress
        self.locateOpenCombine = locateOpenCombine ?? { try OpenCombineCheckout.locate(packageRoot: packageRoot) }
    }

    /// What an export wrote, for the closing line.
    public struct Summary {
        public var pages: Int
        public var scenarios: Int
        public var pictures: Int
    }

    /// Exports the book as its chapters are written now (see ``AsWrittenRunner``): a chapter
    /// edited since the workbook was built is compiled on its own first, never shown with the
    /// output of the code it used to hold.
    public func export(compiled: [ChapterScenarios] = ScenarioCatalog.chapters) throws -> Summary {
        let book = try Book.load(packageRoot: packageRoot)
        let translations = try BookPages.translations(packageRoot: packageRoot)
        let builder = BookPages(packageRoot: packageRoot, book: book, edition: .exported, translations: translations)
        let evidence = try builder.openCombinePages(locate: locateOpenCombine)
        let verified = try runScenarios(of: book, compiled: compiled)
        let doccIndex = doccArchive.map { _ in "api/documentation/backpressure/index.html" }
        let pages = try builder.pages(verified: verified, doccIndex: doccIndex) + evidence
        try write(pages, chapters: book.chapters, translated: builder.translatedChapters)
        return Summary(pages: pages.count, scenarios: verified.count, pictures: verified.values.reduce(0) { $0 + $1.drawings.count })
    }

    /// Runs every scenario, a chapter at a time (so progress can be shown), and checks it.
    private func runScenarios(of book: Book, compiled: [ChapterScenarios]) throws -> [ScenarioID: VerifiedScenario] {
        let asWritten = AsWrittenRunner(runner: runner, kit: ScenarioKit(packageRoot: packageRoot), compiled: compiled) { [progress] line in
            progress.finish()
            FileHandle.standardError.write(Data("\(line)\n".utf8))
        }
        var verified: [ScenarioID: VerifiedScenario] = [:]
        var failures: [String] = []
        for (index, chapter) in book.chapters.enumerated() {
            progress.step("running scenarios, chapter", index + 1, of: book.chapters.count)
            let run = asWritten.run(chapter)
            for result in run.results {
                if result.isFailure { // An open question about Apple's Combine fails nothing.
                    failures.append("\(result.chapterPath):\(result.line): scenario \(chapter.number).\(result.id.number) \(result.status.label)")
                }
                verified[result.id] = VerifiedScenario(result: result, drawings: run.drawings[result.id] ?? [])
            }
        }
        progress.finish()
        if !failures.isEmpty {
            throw ExportError("\(failures[0])\(failures.count > 1 ? " (and \(failures.count - 1) more)" : ""); the book shows only verified output: `swift run workbook run` shows what differs")
        }
        return verified
    }

    private func write(_ pages: [SitePage], chapters: [Chapter], translated: [String: [Chapter]]) throws {
        let layout = PageLayout(bookTitle: Self.bookTitle, chapters: chapters, translatedChapters: translated, edition: .exported)
        let manager = FileManager.default
        let assets = try SiteAssets.files()
        func put(_ contents: String, at path: String) throws {
            let url = output.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        do {
            for (index, page) in pages.enumerated() {
                progress.step("writing pages", index + 1, of: pages.count)
                try put(layout.html(for: page), at: page.path)
            }
            progress.finish()
            for asset in assets { try put(asset.contents, at: asset.path) }
            try put(SearchIndex(pages: pages).script, at: "assets/search-index.js")
            if let doccArchive {
                let api = output.appendingPathComponent("api")
                try? manager.removeItem(at: api)
                try manager.copyItem(at: doccArchive, to: api)
            }
        } catch {
            throw ExportError("cannot write the site into \(output.path): \(error.localizedDescription)")
        }
    }
}

/// Why an export stopped, in one line.
public struct ExportError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
