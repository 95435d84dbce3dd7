import BookRunner
import ChapterModel
import Foundation

/// The web book as `workbook serve` shows it: every page of the exported site
/// (``BookPages``), each scenario editable, with Run and Reset.
///
/// The pages are made once, from the chapters and sources as they are when the server
/// starts, and looked up by path: a request names a page, never a file. A book that cannot
/// show OpenCombine's sources (no checkout, or a citation that does not hold) is served
/// without those pages, and ``openCombineNotice`` says why.
public struct ServedBook: Sendable {
    /// Every page, by its path: `index.html`, `chapters/01-demand.html`, `api.html`, …
    private let pages: [String: SitePage]
    /// Each asset's text, by its path: `assets/book.css`, `assets/editor/codemirror.js`, …
    private let assets: [String: String]
    /// The files each page's head loads besides the book's own: the editor's stylesheets,
    /// then its scripts, then `serve.js`.
    private let headFiles: [String]
    public let book: Book
    /// Each translation's chapters, by catalogue name, for the pages' chapter lists.
    private let translatedChapters: [String: [Chapter]]
    /// Why OpenCombine's pages are not served, in one line; nil when they are (or nothing is cited).
    public let openCombineNotice: String?

    /// `editor`: an editor component's files (`assets/editor/…`), which the pages load
    /// before `serve.js`; without them each scenario's editor is a plain text area.
    /// `locateOpenCombine`: finds the sources the chapters cite (by default, as the export does).
    public init(packageRoot: URL, editor: [(path: String, contents: String)] = [],
                locateOpenCombine: (() throws -> OpenCombineCheckout)? = nil) throws {
        let book = try Book.load(packageRoot: packageRoot)
        let translations = try BookPages.translations(packageRoot: packageRoot)
        let builder = BookPages(packageRoot: packageRoot, book: book, edition: .served, translations: translations)
        var pages = try builder.pages()
        do {
            pages += try builder.openCombinePages(locate: locateOpenCombine ?? { try OpenCombineCheckout.locate(packageRoot: packageRoot) })
            openCombineNotice = nil
        } catch {
            openCombineNotice = "OpenCombine's pages are not served: \(error)"
        }
        var assets: [String: String] = [:]
        for asset in try SiteAssets.files(names: ["book.css", "search.js", "serve.js"]) { assets[asset.path] = asset.contents }
        for file in editor { assets[file.path] = file.contents }
        assets["assets/search-index.js"] = SearchIndex(pages: pages).script
        self.assets = assets
        self.pages = Dictionary(pages.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.book = book
        translatedChapters = builder.translatedChapters
        headFiles = editor.map(\.path).filter { $0.hasSuffix(".css") } + editor.map(\.path).filter { $0.hasSuffix(".js") } + ["assets/serve.js"]
    }

    /// A page's HTML, or an asset's text, with its media type; nil for any other path. No
    /// page holds the server's token: the page's script has it from the address's fragment.
    public func html(at path: String) -> (contents: String, type: String)? {
        if let asset = assets[path] {
            return (asset, path.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8")
        }
        guard let page = pages[path] else { return nil }
        let head = headFiles.map { file in
            file.hasSuffix(".css")
                ? "<link rel=\"stylesheet\" href=\"\(page.root)\(file)\">\n"
                : "<script src=\"\(page.root)\(file)\" defer></script>\n"
        }.joined()
        let layout = PageLayout(bookTitle: SiteExporter.bookTitle, chapters: book.chapters, translatedChapters: translatedChapters, edition: .served, extraHead: head)
        return (layout.html(for: page), "text/html; charset=utf-8")
    }

    /// Why nothing is served at `path`, in one line.
    public func absence(of path: String) -> String {
        if path.hasPrefix("opencombine/"), let openCombineNotice { return openCombineNotice }
        return "no such page in the book: its start is /index.html"
    }
}
