import BackpressureTrace
import ChapterModel
import ExerciseCatalog

/// The exercises, in the order a learner meets them: what each builds, the chapter that
/// teaches it, the file to edit, the command that checks it, and its hints, each behind a
/// disclosure so that reading one is a choice (as `workbook hint` gives one at a time).
struct ExercisesPage {
    var exercises: [Exercise]
    var chapters: [Chapter]

    static let path = "exercises.html"

    static func anchor(for exercise: Exercise) -> String { "exercise-\(exercise.name)" }

    func page() -> SitePage {
        var html = """
            <h1 id="exercises">Exercises <a class="anchor" href="#exercises" aria-label="Link to this section">#</a></h1>
            <p>Each exercise is a file in <code>Exercises/</code> that you edit; the workbook checks its behaviour, not its code. \
            Start with <code class="command">swift run workbook list</code> to see where you stand. \
            A check that fails says what was expected and what happened; the hints go from a nudge to almost the answer.</p>

            """
        for exercise in exercises {
            let anchor = Self.anchor(for: exercise)
            let chapter = chapters.first { $0.name == exercise.chapter }
            let chapterLink = chapter.map {
                "<a href=\"\(PageLayout.chapterPath($0))\">Chapter \($0.number): \(XMLText.escape($0.title))</a>"
            } ?? XMLText.escape(exercise.chapter)
            html += """
                <section class="exercise" id="\(anchor)">
                <h2>\(exercise.name) <a class="anchor" href="#\(anchor)" aria-label="Link to this section">#</a></h2>
                <p class="summary">\(XMLText.escape(exercise.summary))</p>
                <dl>
                <dt>Taught in</dt><dd>\(chapterLink)</dd>
                <dt>Edit</dt><dd><code>\(exercise.filePath)</code></dd>
                <dt>Check it</dt><dd><code class="command">swift run workbook check \(exercise.name)</code></dd>
                </dl>

                """
            for (number, hint) in exercise.hints.enumerated() {
                html += "<details class=\"hint\"><summary>Hint \(number + 1) of \(exercise.hints.count)</summary><p>\(XMLText.escape(hint))</p></details>\n"
            }
            html += "</section>\n"
        }
        let text = exercises.map { "\($0.name) \($0.summary)" }.joined(separator: " ")
        return SitePage(path: Self.path, title: "Exercises", body: html, searchText: text, section: "exercises")
    }
}
