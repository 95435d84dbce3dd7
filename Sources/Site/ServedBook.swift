import BackpressureTrace
import ChapterModel
import ExerciseCatalog
import Foundation
import WorkbookBasics

/// The web book as `workbook serve` shows it: the index, the exercises and every chapter,
/// each scenario with an editor, a Run and a Reset button (``ChapterPage/runnable``).
///
/// The pages are made once, from the chapters as they are when the server starts.
public struct ServedBook: @unchecked Sendable {
    /// The page's HTML without the head's extra line, by path (`index.html`, `chapters/01-demand.html`).
    private let pages: [String: SitePage]
    private let chapters: [Chapter]
    private let assets: [String: String]
    public let book: Book

    /// The editor's files, in the order the page loads them (stylesheets, then scripts).
    private let editorFiles: [String]

    /// `editor`: an editor component's files (`assets/editor/…`), which the pages load
    /// before `serve.js`; without them each scenario's editor is a plain text area.
    public init(packageRoot: URL, editor: [(path: String, contents: String)] = []) throws {
        let book = try Book.load(packageRoot: packageRoot)
        let exercises = ExerciseManifest.all
        var pages: [SitePage] = [IndexPage(chapters: book.chapters, exercises: exercises).page(),
                                 ExercisesPage(exercises: exercises, chapters: book.chapters).page()]
        for (index, chapter) in book.chapters.enumerated() {
            let markdown = try ChapterText.read(packageRoot.appendingPathComponent(chapter.path), path: chapter.path)
            pages.append(ChapterPage(
                chapter: chapter, markdown: markdown,
                previous: index > 0 ? book.chapters[index - 1] : nil,
                next: index + 1 < book.chapters.count ? book.chapters[index + 1] : nil,
                exercises: exercises.filter { $0.chapter == chapter.name },
                scenarios: [:], excerptLines: [:], runnable: true
            ).page())
        }
        var assets: [String: String] = [:]
        for asset in try SiteAssets.files(names: ["book.css", "search.js", "serve.js"]) { assets[asset.path] = asset.contents }
        for file in editor { assets[file.path] = file.contents }
        assets["assets/search-index.js"] = SearchIndex(pages: pages).script
        self.editorFiles = editor.map(\.path).filter { $0.hasSuffix(".css") } + editor.map(\.path).filter { $0.hasSuffix(".js") }
        self.pages = Dictionary(pages.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.chapters = book.chapters
        self.assets = assets
        self.book = book
    }

    /// A page's HTML, or an asset's text, with its media type; nil for any other path. No
    /// page holds the server's token: the page's script has it from the address's fragment.
    public func html(at path: String) -> (contents: String, type: String)? {
        if let asset = assets[path] {
            return (asset, path.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8")
        }
        guard let page = pages[path] else { return nil }
        var layout = PageLayout(bookTitle: SiteExporter.bookTitle, chapters: chapters)
        let editor = editorFiles.map { file in
            file.hasSuffix(".css")
                ? "<link rel=\"stylesheet\" href=\"\(page.root)\(file)\">\n"
                : "<script src=\"\(page.root)\(file)\" defer></script>\n"
        }.joined()
        layout.extraHead = editor + "<script src=\"\(page.root)assets/serve.js\" defer></script>\n"
        return (layout.html(for: page), "text/html; charset=utf-8")
    }
}
