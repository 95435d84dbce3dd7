import BookLanguages

/// One page of the web book: where it goes in the site, its title, and its main content.
struct SitePage {
    /// Relative to the site's root, with `/`: `chapters/01-demand.html`.
    var path: String
    var title: String
    /// The HTML inside `<main>`.
    var body: String
    /// Plain text for the search index: the page's headings and prose.
    var searchText: String = ""
    /// Which entry of the navigation is this page (a chapter's file name, `index`, …).
    var section: String
    /// The language of its prose.
    var language: BookLanguage = .english
    /// The same page in each language the book has, paths from the site's root, for the
    /// language switcher; empty for a page that exists in English only.
    var languageVersions: [(language: BookLanguage, path: String)] = []

    /// The relative way back to the site's root from this page: `""`, `../`, `../../`.
    var root: String {
        String(repeating: "../", count: path.split(separator: "/").count - 1)
    }
}
