import BookLanguages
import BookRunner
import ChapterModel
import ExerciseCatalog
import Foundation

/// Every page of the web book, made from the book model: the index, a page per chapter, the
/// exercises, the API, the library files the excerpts quote and the API lists, and the
/// OpenCombine files the chapters cite, with OpenCombine's licence.
///
/// `workbook export html` writes these pages and `workbook serve` serves them, so a link on
/// one book's page leads where the same link does on the other's. Each file a page shows is
/// one the book names (an excerpt's source, an API entry's file, a citation's path), read
/// when the pages are made: a page is never read from a path a reader asks for.
struct BookPages {
    var packageRoot: URL
    var book: Book
    var edition: SiteEdition
    var exercises: [Exercise] = ExerciseManifest.all
    /// Each translation's catalogue and its book (the same chapters, prose translated).
    var translations: [(catalogue: TranslationCatalogue, book: Book)] = []

    /// Each translation's chapters by catalogue name, for the pages' chapter lists (``PageLayout``).
    var translatedChapters: [String: [Chapter]] {
        Dictionary(translations.map { ($0.catalogue.language.catalogueName, $0.book.chapters) }, uniquingKeysWith: { first, _ in first })
    }

    /// The languages the pages are in, English first.
    private var languages: [BookLanguage] { [.english] + translations.map(\.catalogue.language) }

    /// The same page in every language: `index.html`, `ja/index.html`, …
    private func versions(of path: String) -> [(language: BookLanguage, path: String)] {
        translations.isEmpty ? [] : languages.map { ($0, PageLayout.folder(of: $0) + path) }
    }

    /// Loads the catalogue of every translation that has one (`po/<name>.po`) and its book.
    ///
    /// - Throws: a catalogue that is malformed, or a translation that cannot stand in its
    ///   paragraph, at its file and line.
    static func translations(packageRoot: URL) throws -> [(catalogue: TranslationCatalogue, book: Book)] {
        try BookLanguage.translations.compactMap { language in
            guard let path = language.cataloguePath,
                  FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path) else { return nil }
            let catalogue = try TranslationCatalogue.load(language, packageRoot: packageRoot)
            return (catalogue, try Book.load(packageRoot: packageRoot, translation: catalogue))
        }
    }

    /// The pages of the book and of the library's sources, without OpenCombine's.
    ///
    /// - Parameters:
    ///   - verified: each scenario's checked run, whose pictures the chapter shows; none
    ///     when the book is served, where pictures come from the reader's own runs.
    ///   - doccIndex: the DocC site's entry page from the book's root, when it is included.
    func pages(verified: [ScenarioID: VerifiedScenario] = [:], doccIndex: String? = nil) throws -> [SitePage] {
        // English first, then each translation: the same chapters, prose from its catalogue.
        let editions: [(catalogue: TranslationCatalogue?, book: Book)] = [(nil, book)] + translations.map { ($0.catalogue, $0.book) }
        var pages = editions.map { edition in
            IndexPage(chapters: edition.book.chapters, exercises: exercises, edition: self.edition,
                      language: edition.catalogue?.language ?? .english, languageVersions: versions(of: "index.html")).page()
        }
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
            for (catalogue, shown) in editions {
                // A translated book has the English one's chapters, in the same order.
                let chapters = shown.chapters
                pages.append(ChapterPage(
                    chapter: chapters[index], markdown: markdown,
                    previous: index > 0 ? chapters[index - 1] : nil,
                    next: index + 1 < chapters.count ? chapters[index + 1] : nil,
                    exercises: exercises.filter { $0.chapter == chapter.name },
                    scenarios: scenarios, excerptLines: excerptLines, edition: edition,
                    translation: catalogue, languageVersions: versions(of: PageLayout.chapterPath(chapter))
                ).page())
            }
        }
        pages.append(ExercisesPage(exercises: exercises, chapters: book.chapters).page())
        let entries = APIPage.entries(packageRoot: packageRoot)
        pages.append(APIPage(entries: entries, doccIndex: doccIndex).page())
        for source in quoted.union(entries.compactMap(\.sourcePath)).sorted() {
            let code = try ChapterText.read(packageRoot.appendingPathComponent(source), path: source)
            pages.append(SourcePage(sourcePath: source, code: code).page())
        }
        return pages
    }

    /// A page per OpenCombine file the chapters cite, its cited lines marked, and
    /// OpenCombine's licence; none when nothing is cited.
    ///
    /// - Throws: ``ExportError``, in one line, when there is no checkout or a citation does
    ///   not hold: the book shows only evidence that holds.
    func openCombinePages(locate: () throws -> OpenCombineCheckout) throws -> [SitePage] {
        let citations = book.chapters.flatMap(\.citations)
        guard !citations.isEmpty else { return [] }
        let checkout: OpenCombineCheckout
        do {
            checkout = try locate()
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
}
