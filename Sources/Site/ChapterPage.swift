import BackpressureTrace
import BookLanguages
import ChapterModel
import ExerciseCatalog
import TerminalUI

/// One chapter as a web page: cmark's HTML for the prose, and the workbook's own HTML for
/// what only the workbook knows how to show.
///
/// - a scenario: its code, highlighted as in the terminal, the command that runs it, the
///   output it was verified to print, and each trace it drew as an SVG picture; when the
///   book is served, the code is also the scenario's editor, with Run and Reset;
/// - an excerpt: the quoted code with a link to the library file it comes from;
/// - a citation of OpenCombine: a link to the cited lines on the site's page of that file;
/// - a heading: its own anchor, so any section can be linked to;
/// - a "Try it:" line: styled as the command it shows.
struct ChapterPage {
    var chapter: Chapter
    var markdown: String
    var previous: Chapter?
    var next: Chapter?
    var exercises: [Exercise]
    /// By scenario number.
    var scenarios: [Int: VerifiedScenario]
    /// Where each excerpt's region starts in its source file, by the excerpt's line.
    var excerptLines: [Int: Int]
    /// The served book makes each scenario's code editable and runnable.
    var edition: SiteEdition = .exported
    /// The catalogue the prose is shown from; `nil` for English.
    var translation: TranslationCatalogue?
    /// The same chapter's page in every language, for the switcher.
    var languageVersions: [(language: BookLanguage, path: String)] = []

    private var language: BookLanguage { translation?.language ?? .english }
    /// This language's folder from the site's root: `""` or `ja/`.
    private var folder: String { PageLayout.folder(of: language) }

    private static let highlighter = SwiftHighlighter()

    /// The page; its prose in ``translation``'s language, with English (marked) where a
    /// message is fuzzy or untranslated. A translation that cannot stand in its paragraph
    /// (which `workbook dev i18n check` and loading the translated book refuse first) is
    /// shown in English rather than not at all.
    func page() -> SitePage {
        let root = folder.isEmpty ? "../" : "../../"
        var anchors = AnchorNames()
        let scenariosByLine = Dictionary(chapter.scenarios.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        let outputLines = Set(chapter.scenarios.map(\.outputLine))
        let excerptsByLine = Dictionary(chapter.excerpts.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })

        let renderer = MarkdownHTML(
            code: { code in
                if outputLines.contains(code.line) { return "" }
                if let scenario = scenariosByLine[code.line] { return self.scenarioHTML(scenario) }
                if let excerpt = excerptsByLine[code.line] { return self.excerptHTML(excerpt, root: root) }
                let language = code.info.split(separator: " ").first.map(String.init)
                let body = language == "swift" ? Self.highlighter.html(code.literal) : XMLText.escape(code.literal)
                return "<pre class=\"code\"><code>\(body)</code></pre>\n"
            },
            heading: { heading in
                let id = anchors.name(for: heading.anchorText)
                return "<h\(heading.level) id=\"\(id)\">\(heading.html) <a class=\"anchor\" href=\"#\(id)\" aria-label=\"Link to this section\">#</a></h\(heading.level)>\n"
            },
            linkDestination: { destination in
                guard let target = try? Citation.target(of: destination) else { return nil }
                return "\(root)\(SourcePage.openCombinePath(for: target.path))#L\(target.lines.lowerBound)"
            }
        )
        var body = translation.flatMap { try? renderer.render(markdown, translation: $0) } ?? renderer.render(markdown)
        body = body.replacingOccurrences(of: "<p>Try it: <code>", with: "<p class=\"try-it\">Try it: <code class=\"command\">")
        body = "<p class=\"kicker\">Chapter \(chapter.number)</p>\n" + body + footer(root: root)
        return SitePage(
            path: folder + PageLayout.chapterPath(chapter), title: chapter.title, body: body,
            searchText: searchText, section: chapter.name, language: language, languageVersions: languageVersions)
    }

    /// The chapter's headings and paragraphs as plain text, for the search script.
    private var searchText: String {
        chapter.blocks.compactMap { block -> String? in
            switch block {
            case .heading(let heading): return heading.content.plainText
            case .paragraph(let inlines): return inlines.plainText
            default: return nil
            }
        }.joined(separator: " ")
    }

    /// Beside the label of a scenario marked `apple-unverified` (see `Scenario.isAppleUnverified`).
    static let appleUnverifiedLabel = #" · <span class="apple-unverified" title="This output is what OpenCombine prints; the book has not shown that Apple's Combine prints the same. On a Mac, a different output is reported as an open question, not a failure.">OpenCombine's output, not yet run on Apple's Combine</span>"#

    private func scenarioHTML(_ scenario: Scenario) -> String {
        let id = "scenario-\(scenario.number)"
        let command = "swift run workbook try \(chapter.number)#\(scenario.number)"
        let code = "<pre class=\"code\"><code>\(Self.highlighter.html(scenario.code))</code></pre>\n"
        var html = """
            <figure class="scenario" id="\(id)">
            <figcaption><a href="#\(id)">Scenario \(chapter.number).\(scenario.number)</a> · Try it: <code class="command">\(command)</code>\(edition == .served ? "" : " · <code class=\"command\">swift run workbook serve</code> makes it editable and runnable on this page")\(scenario.isAppleUnverified ? Self.appleUnverifiedLabel : "")</figcaption>

            """
        let label: String
        switch edition {
        case .exported:
            html += code
            // Checked after the one normalisation between OpenCombine and Apple's Combine.
            label = "Prints <span class=\"verified\">✓ checked when this page was built</span>"
        case .served:
            html += playgroundHTML(scenario, id: id, code: code)
            label = "Prints <span class=\"meta\">(the chapter's output, which Run checks a run against)</span>"
        }
        var check = label
        if edition == .exported, let result = scenarios[scenario.number]?.result, case .differsOnApple = result.status {
            // An open question about Apple's Combine: show what it printed too.
            check = #"Prints <span class="apple-unverified">differs on Apple's Combine, which printed:</span></p><pre><samp>"#
                + XMLText.escape(result.output) + #"</samp></pre><p class="output-label">The chapter's output, OpenCombine's:"#
        }
        html += """
            <div class="output"><p class="output-label">\(check)</p>
            <pre><samp>\(XMLText.escape(scenario.expectedOutput))</samp></pre></div>

            """
        for drawing in scenarios[scenario.number]?.drawings ?? [] {
            // A picture keeps its size, so that its labels stay as large as the page's code,
            // and scrolls in its frame where the page is narrower than it.
            let what: String
            switch drawing.kind {
            case .timeline: what = "Timeline of " + drawing.hops.joined(separator: ", ")
            case .handshake: what = "Handshake at " + drawing.hops.joined(separator: ", ")
            }
            html += """
                <figure class="trace-picture" data-hops="\(XMLText.escape(drawing.hops.joined(separator: " ")))">
                <div class="trace-scroll">\(drawing.svg())</div>
                <figcaption>\(XMLText.escape(what)), drawn from the trace the scenario recorded.</figcaption>
                </figure>

                """
        }
        return html + "</figure>\n"
    }

    /// The served book's scenario: one view of its code, the highlighted block, which
    /// `serve.js` swaps for an editor when the reader clicks it or presses Edit, and back on
    /// Reset. The hidden text area holds the book's code, which the editor starts from and
    /// Reset and an unedited Run use.
    private func playgroundHTML(_ scenario: Scenario, id: String, code: String) -> String {
        let name = "\(chapter.number).\(scenario.number)"
        let lines = scenario.code.split(separator: "\n", omittingEmptySubsequences: false).count
        return """
            <div class="playground" data-scenario="\(chapter.number)#\(scenario.number)">
            <div class="book-code" title="Click to edit scenario \(name)">\(code)</div>
            <label class="visually-hidden" for="\(id)-editor">Edit scenario \(name)</label>
            <textarea id="\(id)-editor" class="editor" hidden spellcheck="false" autocomplete="off" rows="\(min(40, lines + 1))">\(XMLText.escape(scenario.code))</textarea>
            <p class="playground-buttons"><button type="button" class="edit" aria-controls="\(id)-editor">Edit</button> <button type="button" class="run">Run</button> <button type="button" class="reset">Reset</button> <span class="run-status" role="status"></span></p>
            <div class="run-result" hidden></div>
            </div>

            """
    }

    private func excerptHTML(_ excerpt: Excerpt, root: String) -> String {
        let anchor = excerptLines[excerpt.line].map { "#L\($0)" } ?? ""
        return """
            <figure class="excerpt">
            <figcaption>From <a href="\(root)\(SourcePage.path(for: excerpt.source))\(anchor)"><code>\(XMLText.escape(excerpt.source))</code></a> · \(XMLText.escape(excerpt.region))</figcaption>
            <pre class="code"><code>\(Self.highlighter.html(excerpt.code))</code></pre>
            </figure>

            """
    }

    /// What to do next: the chapter's exercises, and the previous and next chapters.
    private func footer(root: String) -> String {
        var html = "<section class=\"next-steps\" aria-label=\"What to do next\">\n"
        if !exercises.isEmpty {
            html += "<h2 id=\"practise\">Practise it <a class=\"anchor\" href=\"#practise\" aria-label=\"Link to this section\">#</a></h2>\n<ul class=\"exercise-list\">\n"
            for exercise in exercises {
                html += "<li><a href=\"\(root)exercises.html#\(ExercisesPage.anchor(for: exercise))\"><strong>\(exercise.name)</strong></a>: \(XMLText.escape(exercise.summary)). Edit <code>\(exercise.filePath)</code>, then <code class=\"command\">swift run workbook check \(exercise.name)</code></li>\n"
            }
            html += "</ul>\n"
        }
        html += "<p>Run every scenario of this chapter: <code class=\"command\">swift run workbook run \(chapter.number)</code></p>\n"
        html += "</section>\n<nav class=\"pager\" aria-label=\"Chapters\">\n"
        if let previous {
            html += "<a class=\"previous\" rel=\"prev\" href=\"\(root)\(folder)\(PageLayout.chapterPath(previous))\">← \(previous.number). \(XMLText.escape(previous.title))</a>\n"
        } else {
            html += "<a class=\"previous\" rel=\"prev\" href=\"\(root)\(folder)index.html\">← Start</a>\n"
        }
        if let next {
            html += "<a class=\"next\" rel=\"next\" href=\"\(root)\(folder)\(PageLayout.chapterPath(next))\">\(next.number). \(XMLText.escape(next.title)) →</a>\n"
        } else {
            html += "<a class=\"next\" rel=\"next\" href=\"\(root)exercises.html\">Exercises →</a>\n"
        }
        return html + "</nav>\n"
    }
}
