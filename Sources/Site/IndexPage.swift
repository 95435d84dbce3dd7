import BackpressureTrace
import BookLanguages
import ChapterModel
import ExerciseCatalog

/// The front page: how to start, the chapters with what each practises, and the way to
/// the exercises and the API reference.
struct IndexPage {
    var chapters: [Chapter]
    var exercises: [Exercise]
    var edition: SiteEdition
    /// The language of the chapters' titles; a translation's index also names the articles
    /// this book grew from that were written in its language.
    var language: BookLanguage = .english
    var languageVersions: [(language: BookLanguage, path: String)] = []

    /// How the book runs its code, as this edition does it.
    private var lede: String {
        let start = "Backpressure is how a subscriber tells a publisher how much it can take. This book teaches it by running code: "
        switch edition {
        case .exported:
            return start + "every example is compiled and run, its output is checked, and the pictures of demand on these pages are drawn from what the code recorded."
        case .served:
            return start + "every example can be edited on its page, and Run compiles and runs it, checks its output against the chapter's, and draws pictures of demand from what the code recorded."
        }
    }

    func page() -> SitePage {
        // A translation's index is in its folder (`ja/`); the exercises and API are English, at the root.
        let up = language.isEnglish ? "" : "../"
        var html = """
            <h1 id="start">The Combine Backpressure Workbook</h1>
            <p class="lede">\(lede)</p>
            <h2 id="how-to-start">How to start <a class="anchor" href="#how-to-start" aria-label="Link to this section">#</a></h2>
            <ol class="steps">
            <li>Clone the workbook and open a terminal in it (Swift 6.1 or later and the cmark library, on macOS or Linux; the README says how to install them).</li>
            <li>See where you stand: <code class="command">swift run workbook</code></li>
            <li>Read a chapter here or in the terminal: <code class="command">swift run workbook read 1</code></li>
            <li>Run its scenarios: <code class="command">swift run workbook run 1</code></li>
            <li>Solve its exercise in <code>Exercises/</code> and check it: <code class="command">swift run workbook check MyAssign</code></li>
            </ol>
            <h2 id="chapters">Chapters <a class="anchor" href="#chapters" aria-label="Link to this section">#</a></h2>
            <ol class="chapter-list">

            """
        for chapter in chapters {
            let practice = exercises.filter { $0.chapter == chapter.name }
            let names = practice.map { "<a href=\"\(up)\(ExercisesPage.path)#\(ExercisesPage.anchor(for: $0))\">\($0.name)</a>" }
            let scenarios = chapter.scenarios.count
            html += "<li value=\"\(chapter.number)\"><a href=\"\(PageLayout.chapterPath(chapter))\">\(XMLText.escape(chapter.title))</a>"
            html += "<span class=\"meta\"> · \(scenarios) \(scenarios == 1 ? "scenario" : "scenarios")"
            if !names.isEmpty { html += " · practise: " + names.joined(separator: ", ") }
            html += "</span></li>\n"
        }
        html += """
            </ol>
            <h2 id="exercises">Exercises <a class="anchor" href="#exercises" aria-label="Link to this section">#</a></h2>
            <p>\(exercises.count) exercises, each checked by behaviour: <a href="\(up)\(ExercisesPage.path)">the exercises, their checks and hints</a>.</p>
            <h2 id="api">The library <a class="anchor" href="#api" aria-label="Link to this section">#</a></h2>
            <p>The chapters teach the <code>Backpressure</code> library in <code>Sources/Backpressure</code>: <a href="\(up)\(APIPage.path)">its types, and its DocC reference</a>.</p>

            """
        html += originals()
        return SitePage(path: PageLayout.folder(of: language) + "index.html", title: "Start", body: html,
                        searchText: "how to start chapters exercises", section: "index",
                        language: language, languageVersions: languageVersions)
    }

    /// The seed articles written in this language, as the originals they are.
    private func originals() -> String {
        let seeds = SeedArticle.written(in: language)
        guard !seeds.isEmpty else { return "" }
        var html = """
            <h2 id="originals">The originals in \(XMLText.escape(language.englishName)) <a class="anchor" href="#originals" aria-label="Link to this section">#</a></h2>
            <p>This book grew from five articles; these were written in \(XMLText.escape(language.englishName)). The chapters credit them where they build on them, and the README's Credits says what each gave.</p>
            <ul class="originals">

            """
        for seed in seeds {
            let title = "<cite lang=\"\(language.tag)\">\(XMLText.escape(seed.title))</cite>"
            let linked = seed.address.map { "<a href=\"\(XMLText.escape($0))\">\(title)</a>" } ?? title
            html += "<li>\(linked): \(XMLText.escape(seed.note))</li>\n"
        }
        return html + "</ul>\n"
    }
}
