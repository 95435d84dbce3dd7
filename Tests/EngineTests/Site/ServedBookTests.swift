import BookRunner
import ChapterModel
import Foundation
import Testing
@testable import Site
import WorkbookTestSupport

/// `workbook serve`'s pages, made from the workbook's own chapters: the whole book, each
/// scenario's code shown once, and only what is true of a served book.
@Suite struct ServedBookTests {
    /// The workbook's book, served with its OpenCombine pages: made once for the tests that read it.
    private static let whole = Result { try book(locate: { try OpenCombineCheckout.locate(packageRoot: BuiltWorkbook.packageRoot) }) }

    private static func book() throws -> ServedBook { try whole.get() }

    private static func book(locate: @escaping () throws -> OpenCombineCheckout) throws -> ServedBook {
        try ServedBook(packageRoot: BuiltWorkbook.packageRoot, locateOpenCombine: locate)
    }

    /// Every language with a catalogue is served: its index and chapters under its folder, in
    /// its `lang`, with a switcher to the same page in each language, the English heading
    /// anchors, and the same scenarios.
    @Test func everyLanguageIsServedWithItsSwitcherAndTheEnglishAnchors() throws {
        let book = try Self.book()
        let english = try #require(book.html(at: "chapters/01-demand.html")).contents
        let englishIDs = Self.headingIDs(english)
        #expect(!englishIDs.isEmpty)
        for (folder, tag) in [("zh", "zh-Hans"), ("ja", "ja"), ("ru", "ru")] {
            let page = try #require(book.html(at: "\(folder)/chapters/01-demand.html"), "\(folder)").contents
            #expect(page.contains("<html lang=\"\(tag)\">"))
            #expect(page.contains("<nav class=\"languages\" aria-label=\"Language\">"))
            #expect(page.contains("href=\"../../chapters/01-demand.html\" hreflang=\"en\""))
            #expect(page.contains("href=\"../../\(folder)/chapters/01-demand.html\" hreflang=\"\(tag)\" lang=\"\(tag)\" aria-current=\"true\""))
            #expect(Self.headingIDs(page) == englishIDs, "\(folder)")
            #expect(page.components(separatedBy: "<figure class=\"scenario\"").count == english.components(separatedBy: "<figure class=\"scenario\"").count)
            let index = try #require(book.html(at: "\(folder)/index.html")).contents
            #expect(index.contains("id=\"originals\""), "\(folder)'s index names no original")
        }
    }

    private static func headingIDs(_ html: String) -> [String] {
        html.components(separatedBy: "<h").dropFirst().compactMap { part -> String? in
            guard part.first?.isNumber == true, let start = part.range(of: " id=\""), let end = part[start.upperBound...].firstIndex(of: "\"") else { return nil }
            return String(part[start.upperBound..<end])
        }
    }

    /// Every link and every file a page loads, followed from the index, is served: the API,
    /// the library's sources and OpenCombine's cited files and licence among them.
    @Test func everyLinkFromTheIndexLeadsToAServedPage() throws {
        let book = try Self.book()
        #expect(book.openCombineNotice == nil, "\(book.openCombineNotice ?? "")")
        var seen: Set<String> = ["index.html"]
        var queue = ["index.html"]
        var broken: [String] = []
        while let path = queue.popLast() {
            let page = try #require(book.html(at: path), "\(path)")
            guard page.type.hasPrefix("text/html") else { continue }
            for target in Self.internalTargets(of: page.contents, at: path) where seen.insert(target).inserted {
                if book.html(at: target) == nil { broken.append("\(path) → \(target)") } else { queue.append(target) }
            }
        }
        #expect(broken.isEmpty, "\(broken.prefix(5))")
        for kind in ["api.html", "source/Sources/Backpressure/", "opencombine/Sources/OpenCombine/", SourcePage.openCombineLicensePath] {
            #expect(seen.contains { $0.hasPrefix(kind) }, "no link from the book to \(kind)")
        }
        let chapter = try #require(book.html(at: "chapters/01-demand.html")).contents
        #expect(chapter.contains("href=\"../opencombine/Sources/OpenCombine/Future.swift.html#L"))
        let license = try #require(book.html(at: SourcePage.openCombineLicensePath)).contents
        #expect(license.contains("MIT License"))
    }

    /// A path names a page the book made, or nothing: never a file.
    @Test func aPathOutsideTheBookIsNotServed() throws {
        let book = try Self.book()
        for path in ["Package.swift", "source/Package.swift.html", "source/Sources/Backpressure/../../Package.swift.html",
                     "opencombine/LICENSE", "../index.html", "/etc/passwd", ""] {
            #expect(book.html(at: path) == nil, "\(path)")
        }
        #expect(book.absence(of: "nope.html") == "no such page in the book: its start is /index.html")
    }

    /// Without OpenCombine's sources the book is still served, and says why those pages are
    /// not, in one line: as a start's warning and as the pages' 404.
    @Test func withoutOpenCombineTheRestIsServedAndTheReasonIsOneLine() throws {
        let book = try Self.book(locate: { throw OpenCombineCheckout.Unusable("cannot find OpenCombine's sources: planted") })
        let notice = try #require(book.openCombineNotice)
        #expect(notice == "OpenCombine's pages are not served: the chapters cite OpenCombine, but cannot find OpenCombine's sources: planted")
        #expect(book.html(at: SourcePage.openCombineLicensePath) == nil)
        #expect(book.absence(of: "opencombine/Sources/OpenCombine/Future.swift.html") == notice)
        #expect(book.html(at: "api.html") != nil)
        #expect(book.html(at: "chapters/01-demand.html") != nil)
    }

    @Test func aCitationThatDoesNotHoldLeavesOutOpenCombinesPagesAndSaysWhere() throws {
        let empty = try FakeBuildFolder()
        defer { empty.remove() }
        let book = try Self.book(locate: { OpenCombineCheckout(root: empty.checkout, version: "0.14.0") })
        let notice = try #require(book.openCombineNotice)
        #expect(notice.hasPrefix("OpenCombine's pages are not served: Chapters/") && notice.contains(": error: the citation names "), "\(notice)")
        #expect(!notice.contains("\n"))
        #expect(book.html(at: SourcePage.openCombineLicensePath) == nil)
    }

    /// One view of each scenario's code: the highlighted block, which the page's script
    /// turns into the editor; the text area it starts from is hidden, and nothing else
    /// repeats the code.
    @Test func aServedScenarioShowsItsCodeOnce() throws {
        let book = try Self.book()
        let chapter = try #require(book.book.chapters.first)
        let page = try #require(book.html(at: "chapters/\(chapter.name).html")).contents
        let scenarios = chapter.scenarios.count
        let exported = try Self.codeBlocks(in: chapter, edition: .exported)
        #expect(page.components(separatedBy: "<div class=\"playground\"").count - 1 == scenarios)
        #expect(page.components(separatedBy: "<pre class=\"code\">").count - 1 == exported)
        #expect(page.components(separatedBy: "class=\"editor\" hidden").count - 1 == scenarios)
        #expect(page.components(separatedBy: "<button type=\"button\" class=\"edit\"").count - 1 == scenarios)
        #expect(!page.contains("<template"))
    }

    /// A served book has not run its scenarios: its pages say so, and where a picture comes from.
    @Test func servedPagesSayWhatIsTrueOfAServedBook() throws {
        let book = try Self.book()
        for path in ["index.html", "chapters/01-demand.html", "api.html", "source/Sources/Backpressure/MySink.swift.html"] {
            let page = try #require(book.html(at: path)).contents
            #expect(page.contains("Served by <code>swift run workbook serve</code>"), "\(path)")
            #expect(!page.contains("export html</code> from the chapters"), "\(path)")
            #expect(!page.contains("when the site was built") && !page.contains("when this page was built"), "\(path)")
            // No request for /favicon.ico, which would answer 404 in the console.
            #expect(page.contains("<link rel=\"icon\" href=\"data:,\">"), "\(path)")
        }
        let index = try #require(book.html(at: "index.html")).contents
        #expect(!index.contains("the pictures of demand on these pages"))
        #expect(index.contains("Run compiles and runs it"))
    }

    /// The exported site says what its build checked.
    @Test func exportedPagesSayTheyWereCheckedWhenBuilt() throws {
        let layout = PageLayout(bookTitle: "B", chapters: [], edition: .exported)
        let page = layout.html(for: SitePage(path: "index.html", title: "T", body: "", section: "index"))
        #expect(page.contains("Built by <code>swift run workbook export html</code>"))
        #expect(page.contains("<link rel=\"icon\" href=\"data:,\">"))
    }

    /// Every `href` and `src` of `html` (the page at `path`) that stays in the book, as a path
    /// from the book's root without its fragment.
    static func internalTargets(of html: String, at path: String) -> [String] {
        let base = URL(string: "http://book.invalid/" + path)!
        var targets: [String] = []
        for attribute in ["href=\"", "src=\""] {
            for piece in html.components(separatedBy: attribute).dropFirst() {
                guard let value = piece.split(separator: "\"", maxSplits: 1).first.map(String.init),
                      !value.hasPrefix("#"), !value.hasPrefix("data:"),
                      let url = URL(string: value, relativeTo: base), url.host == base.host else { continue }
                targets.append(String(url.path.drop { $0 == "/" }))
            }
        }
        return targets
    }

    /// The code blocks of the chapter's exported page: its scenarios', excerpts' and others'.
    private static func codeBlocks(in chapter: Chapter, edition: SiteEdition) throws -> Int {
        let markdown = try String(contentsOf: BuiltWorkbook.packageRoot.appendingPathComponent(chapter.path), encoding: .utf8)
        let page = ChapterPage(chapter: chapter, markdown: markdown, previous: nil, next: nil, exercises: [],
                               scenarios: [:], excerptLines: [:], edition: edition).page()
        return page.body.components(separatedBy: "<pre class=\"code\">").count - 1
    }
}
