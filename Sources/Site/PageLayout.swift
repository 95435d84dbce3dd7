import BackpressureTrace
import BookLanguages
import ChapterModel

/// The frame every page of the web book shares: the head (one stylesheet, two small
/// scripts, all local, and an empty icon, so that a browser asks no server for one), the
/// top bar with search, the chapter list, and the footer.
///
/// Everything is a relative link from the page's own folder, so the site works from
/// `file://` as well as from any static host, and nothing is loaded from the network.
struct PageLayout {
    var bookTitle: String
    var chapters: [Chapter]
    /// Each translation's chapters (their titles translated), by catalogue name: `ja`.
    var translatedChapters: [String: [Chapter]] = [:]
    /// Which book the pages are in, which the footer says.
    var edition: SiteEdition
    /// More of the head, for `workbook serve`: the editor's files and its script.
    var extraHead = ""

    static func chapterPath(_ chapter: Chapter) -> String { "chapters/\(chapter.name).html" }

    /// Where a language's pages are, from the site's root: `""` for English, `ja/` for Japanese.
    static func folder(of language: BookLanguage) -> String {
        language.isEnglish ? "" : "\(language.catalogueName)/"
    }

    func html(for page: SitePage) -> String {
        let root = page.root
        let home = root + Self.folder(of: page.language)
        let shown = page.language.isEnglish ? chapters : translatedChapters[page.language.catalogueName] ?? chapters
        let chapterLinks = shown.map { chapter -> String in
            let current = page.section == chapter.name ? " aria-current=\"page\"" : ""
            return "<li><a href=\"\(home)\(Self.chapterPath(chapter))\"\(current)><span class=\"number\">\(chapter.number)</span> \(XMLText.escape(chapter.title))</a></li>"
        }.joined(separator: "\n")
        func top(_ path: String, _ label: String, _ section: String) -> String {
            let current = page.section == section ? " aria-current=\"page\"" : ""
            return "<a href=\"\(root)\(path)\"\(current)>\(label)</a>"
        }
        let title = page.section == "index" ? bookTitle : "\(page.title) · \(bookTitle)"
        return """
            <!doctype html>
            <html lang="\(page.language.tag)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(XMLText.escape(title))</title>
            <link rel="icon" href="data:,">
            <link rel="stylesheet" href="\(root)assets/book.css">
            <script src="\(root)assets/search-index.js" defer></script>
            <script src="\(root)assets/search.js" defer></script>
            \(extraHead)</head>
            <body data-root="\(root)">
            <a class="skip" href="#content">Skip to the content</a>
            <header class="top">
            <a class="brand" href="\(home)index.html">\(XMLText.escape(bookTitle))</a>
            \(languageSwitcher(page))<nav class="sections" aria-label="Sections">\(top(Self.folder(of: page.language) + "index.html", "Start", "index")) \(top("exercises.html", "Exercises", "exercises")) \(top("api.html", "API", "api"))</nav>
            <div class="search" role="search" hidden>
            <label for="search-box" class="visually-hidden">Search the book</label>
            <input id="search-box" type="search" placeholder="Search the book" autocomplete="off">
            <ol class="search-results" hidden></ol>
            </div>
            </header>
            <div class="layout">
            <nav class="toc" aria-label="Chapters">
            <ol>
            \(chapterLinks)
            </ol>
            </nav>
            <main id="content">
            \(page.body)
            </main>
            </div>
            <footer class="bottom">\(edition.provenance)</footer>
            </body>
            </html>

            """
    }

    /// Links to this page in every language, each named in its own language. A page that
    /// exists in English only (the exercises, the API, a source file) links to each
    /// language's start instead.
    private func languageSwitcher(_ page: SitePage) -> String {
        var versions = page.languageVersions
        if versions.isEmpty, !translatedChapters.isEmpty {
            versions = BookLanguage.all.filter { $0.isEnglish || translatedChapters[$0.catalogueName] != nil }
                .map { ($0, Self.folder(of: $0) + "index.html") }
        }
        guard versions.count > 1 else { return "" }
        let links = versions.map { version -> String in
            let current = version.language == page.language ? " aria-current=\"true\"" : ""
            return "<a href=\"\(page.root)\(version.path)\" hreflang=\"\(version.language.tag)\" lang=\"\(version.language.tag)\"\(current)>\(XMLText.escape(version.language.nativeName))</a>"
        }
        return "<nav class=\"languages\" aria-label=\"Language\">\(links.joined(separator: " "))</nav>\n"
    }
}
