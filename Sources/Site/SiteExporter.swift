import Backpressure
import ChapterModel
import ExerciseCatalog
import Foundation
import Scenarios
import BookRunner
import TerminalUI

/// Builds the web book: a static site from the same parsed chapters the terminal shows,
/// with every scenario run and checked, and every trace it drew drawn again as SVG.
///
/// The steps: run each chapter's scenarios in the scenario host (which sends back the
/// traces they drew as data), refuse to publish a scenario whose output differs from its
/// chapter, then write the pages (index, one per chapter, exercises, API, the library
/// files the excerpts quote, the OpenCombine files the chapters cite with OpenCombine's
/// licence) and the two assets. Nothing on a page loads from outside the site, and a
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
        let evidence = try citedSources(of: book)
        let verified = try runScenarios(of: book, compiled: compiled)
        let pages = try pages(for: book, verified: verified) + evidence
        try write(pages, chapters: book.chapters)
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

    private func pages(for book: Book, verified: [ScenarioID: VerifiedScenario]) throws -> [SitePage] {
        let exercises = ExerciseManifest.all
        var pages: [SitePage] = [IndexPage(chapters: book.chapters, exercises: exercises).page()]
        var quoted: Set<String> = []
        for (index, chapter) in book.chapters.enumerated() {
            let markdown = try ChapterText.read(packageRoot.appendingPathComponent(chapter.path), path: chapter.path)
            var scenarios: [Int: VerifiedScenario] = [:]
            for scenario in chapter.scenarios {
                scenarios[scenario.number] = verified[ScenarioID(chapter: chapter.name, number: scenario.number)]
            }
            var excerptLines: [Int: Int] = [:]
            for excerpt in chapter.excerpts {
                quoted.insert(excerpt.source)
                excerptLines[excerpt.line] = regionLine(of: excerpt)
            }
            pages.append(ChapterPage(
                chapter: chapter, markdown: markdown,
                previous: index > 0 ? book.chapters[index - 1] : nil,
                next: index + 1 < book.chapters.count ? book.chapters[index + 1] : nil,
                exercises: exercises.filter { $0.chapter == chapter.name },
                scenarios: scenarios, excerptLines: excerptLines
            ).page())
        }
        pages.append(ExercisesPage(exercises: exercises, chapters: book.chapters).page())
        let doccIndex = doccArchive.map { _ in "api/documentation/backpressure/index.html" }
        let entries = APIPage.entries(packageRoot: packageRoot)
        pages.append(APIPage(entries: entries, doccIndex: doccIndex).page())
        let sources = quoted.union(entries.compactMap(\.sourcePath))
        for source in sources.sorted() {
            let code = try ChapterText.read(packageRoot.appendingPathComponent(source), path: source)
            pages.append(SourcePage(sourcePath: source, code: code).page())
        }
        return pages
    }

    /// A page per OpenCombine file the chapters cite, its cited lines marked, and
    /// OpenCombine's licence; none when nothing is cited.
    ///
    /// - Throws: ``ExportError`` when there is no checkout, or a citation does not hold.
    private func citedSources(of book: Book) throws -> [SitePage] {
        let citations = book.chapters.flatMap(\.citations)
        guard !citations.isEmpty else { return [] }
        let checkout: OpenCombineCheckout
        do {
            checkout = try locateOpenCombine()
        } catch {
            throw ExportError("the chapters cite OpenCombine, but \(error)")
        }
        let problems = EvidenceCheck(checkout: checkout).problems(in: book.chapters)
        if let first = problems.first {
            throw ExportError("\(first)\(problems.count > 1 ? " (and \(problems.count - 1) more)" : ""); the book shows only evidence that holds")
        }
        var marked: [String: Set<Int>] = [:]
        for citation in citations { marked[citation.path, default: []].formUnion(citation.lines) }
        var pages = try marked.keys.sorted().map { path in
            let code = try ChapterText.read(checkout.root.appendingPathComponent(path), path: path)
            return SourcePage(sourcePath: path, code: code, origin: .openCombine(version: checkout.version), markedLines: marked[path] ?? []).page()
        }
        let license = try ChapterText.read(checkout.root.appendingPathComponent("LICENSE"), path: "OpenCombine's LICENSE")
        pages.append(SourcePage.openCombineLicense(license, version: checkout.version))
        return pages
    }

    /// Where the excerpt's quoted code starts in its source file.
    private func regionLine(of excerpt: Excerpt) -> Int? {
        guard let source = try? String(contentsOf: packageRoot.appendingPathComponent(excerpt.source), encoding: .utf8) else { return nil }
        return SourceRegion.firstLine(of: excerpt.region, in: source)
    }

    private func write(_ pages: [SitePage], chapters: [Chapter]) throws {
        let layout = PageLayout(bookTitle: Self.bookTitle, chapters: chapters)
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
            try put(SearchIndex(pages: pages.filter { $0.section != "source" }).script, at: "assets/search-index.js")
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
