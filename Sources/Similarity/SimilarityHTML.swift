import Foundation
import WorkbookBasics

/// The report as offline HTML: an index of the flagged pairs, clusters and students, and a
/// side-by-side page per flagged pair with the matched regions highlighted in both files.
///
/// Student code and names are hostile to a browser too. Every byte a student chose (code,
/// folder names, paths) is written escaped: `&`, `<`, `>`, `"` and `'` as entities, and
/// control characters, bidirectional overrides and invisible characters (which could make
/// the code read unlike what it is) as visible `\u{…}` escapes (``VisibleEscapes``). The
/// pages hold no script, load nothing, and say so to the browser in a Content Security
/// Policy; the only links are between the pages themselves.
public enum SimilarityHTML {
    /// Writes `index.html` and `pairs/N.html` into `folder` (made when missing).
    public static func write(_ report: SimilarityReport, to folder: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("pairs"), withIntermediateDirectories: true)
        let pairs = report.pairs
        try Data(index(report, pairs: pairs).utf8).write(to: folder.appendingPathComponent("index.html"))
        for (number, pair) in pairs.enumerated() {
            try Data(page(pair, number: number + 1, report: report).utf8).write(to: folder.appendingPathComponent("pairs/\(pageName(number + 1))"))
        }
    }

    static func pageName(_ number: Int) -> String { String(format: "%04d.html", number) }

    /// The index page.
    static func index(_ report: SimilarityReport, pairs: [PairMatch]) -> String {
        var body = "<h1>Similarity report</h1>\n" + caution
        body += "<p>\(report.studentCount) students, \(report.exercises.count) exercises, \(report.referenceCount) reference and \(report.publishedCount) published solutions compared; "
        body += "threshold \(String(format: "%.2f", report.options.threshold)); \(pairs.count) pairs flagged.</p>\n"
        body += "<h2>Flagged pairs, highest score first</h2>\n"
        if pairs.isEmpty {
            body += "<p>No pair reaches the threshold.</p>\n"
        } else {
            body += "<table><tr><th>#</th><th>exercise</th><th>file</th><th>share</th><th>file</th><th>share</th><th>against</th><th>score</th><th>longest run</th></tr>\n"
            for (number, pair) in pairs.enumerated() {
                body += "<tr><td><a href=\"pairs/\(pageName(number + 1))\">\(number + 1)</a></td><td>\(escape(pair.exercise))</td>"
                body += "<td>\(owner(pair.a))</td><td>\(percent(pair.a.share))</td><td>\(owner(pair.b))</td><td>\(percent(pair.b.share))</td>"
                body += "<td>\(pair.kind.rawValue)</td><td>\(String(format: "%.2f", pair.score))</td><td>\(pair.longestRun) tokens</td></tr>\n"
            }
            body += "</table>\n"
        }
        let clusters = report.clusters
        body += "<h2>Clusters: three or more students joined by flagged pairs</h2>\n"
        if clusters.isEmpty {
            body += "<p>None.</p>\n"
        } else {
            body += "<ul>\n"
            for cluster in clusters {
                let sources = cluster.sources.isEmpty ? "" : "; with " + cluster.sources.map { escape(VisibleEscapes.terminalLine($0)) }.joined(separator: ", ")
                body += "<li>\(escape(cluster.exercise)): \(cluster.students.map { escape(VisibleEscapes.name($0)) }.joined(separator: ", "))\(sources) (\(cluster.pairs) pairs, highest \(String(format: "%.2f", cluster.highestScore)))</li>\n"
            }
            body += "</ul>\n"
        }
        let together = report.studentPairs
        body += "<h2>Students flagged together, over the course</h2>\n"
        if together.isEmpty {
            body += "<p>None.</p>\n"
        } else {
            body += "<table><tr><th>student</th><th>student</th><th>exercises</th><th>highest</th><th>mean</th></tr>\n"
            for summary in together {
                body += "<tr><td>\(escape(VisibleEscapes.name(summary.a)))</td><td>\(escape(VisibleEscapes.name(summary.b)))</td>"
                body += "<td>\(summary.exercises.count): \(summary.exercises.map(escape).joined(separator: ", "))</td>"
                body += "<td>\(String(format: "%.2f", summary.highestScore))</td><td>\(String(format: "%.2f", summary.meanScore))</td></tr>\n"
            }
            body += "</table>\n"
        }
        if !report.unread.isEmpty {
            body += "<h2>Files not compared</h2>\n<ul>\n"
            for unread in report.unread {
                body += "<li>\(escape(VisibleEscapes.name(unread.owner))): \(escape(VisibleEscapes.terminalLine(unread.problem)))</li>\n"
            }
            body += "</ul>\n"
        }
        return document(title: "Similarity report", body: body)
    }

    /// One pair's side-by-side page.
    static func page(_ pair: PairMatch, number: Int, report: SimilarityReport) -> String {
        var body = "<p><a href=\"../index.html\">All pairs</a></p>\n"
        body += "<h1>\(escape(pair.exercise)): pair \(number), score \(String(format: "%.2f", pair.score)) (\(pair.kind.rawValue))</h1>\n" + caution
        body += "<p>Highlighted: code inside a run of tokens the other file has too, once names and literals are set aside and the stub's code is left out.</p>\n"
        body += "<div class=\"sides\">\n"
        for side in [pair.a, pair.b] {
            body += "<div class=\"side\"><h2>\(owner(side)) · \(escape(VisibleEscapes.terminalLine(side.path)))</h2>\n"
            body += "<p>\(percent(side.share)) of its fingerprints are in the other file; longest run \(side.longestRun) tokens, lines \(side.longestRunLines.lowerBound)–\(side.longestRunLines.upperBound).</p>\n"
            body += code(report.text(of: side, exercise: pair.exercise), regions: side.regions)
            body += "</div>\n"
        }
        body += "</div>\n"
        return document(title: "\(pair.exercise): pair \(number)", body: body)
    }

    /// A file's text as numbered lines, its `regions` marked.
    static func code(_ text: [UInt8], regions: [Range<Int>]) -> String {
        var marked = [Bool](repeating: false, count: text.count)
        for region in regions where region.lowerBound >= 0 && region.upperBound <= text.count {
            for index in region { marked[index] = true }
        }
        var html = "<pre>"
        var lineStart = 0
        var lineNumber = 1
        while lineStart < text.count || lineNumber == 1 {
            let lineEnd = text[lineStart...].firstIndex(of: 0x0A) ?? text.count
            html += "<span class=\"n\">\(lineNumber)</span>"
            var runStart = lineStart
            while runStart < lineEnd {
                var runEnd = runStart
                while runEnd < lineEnd && marked[runEnd] == marked[runStart] { runEnd += 1 }
                let piece = escape(visible(String(decoding: text[runStart..<runEnd], as: UTF8.self)))
                html += marked[runStart] ? "<mark>\(piece)</mark>" : piece
                runStart = runEnd
            }
            html += "\n"
            lineNumber += 1
            lineStart = lineEnd + 1
        }
        return html + "</pre>\n"
    }

    static func owner(_ side: PairMatch.Side) -> String {
        switch side.kind {
        case .student: return escape(VisibleEscapes.name(side.owner))
        case .reference: return "reference solution"
        case .published: return "published: " + escape(VisibleEscapes.terminalLine(side.owner))
        }
    }

    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }

    static let caution = "<p class=\"caution\">\(SimilarityReport.caution)</p>\n"

    static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
        <meta name="referrer" content="no-referrer">
        <title>\(escape(title))</title>
        <style>
        body { font-family: system-ui, sans-serif; margin: 1.5em; }
        .caution { background: #fff4d6; border: 1px solid #e0b84c; padding: 0.6em; }
        table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; }
        .sides { display: flex; gap: 1em; } .side { flex: 1; min-width: 0; }
        pre { background: #f7f7f7; padding: 0.5em; overflow-x: auto; font-size: 0.85em; }
        mark { background: #ffd27a; } .n { display: inline-block; width: 3.5em; color: #999; user-select: none; }
        </style></head><body>
        \(body)</body></html>

        """
    }

    /// Text written so that nothing in it acts on the page: control characters (but tab),
    /// bidirectional overrides and invisible characters as `\u{…}`.
    static func visible(_ text: String) -> String {
        VisibleEscapes.escaping(text) { scalar in
            if scalar == "\t" { return false }
            return VisibleEscapes.actsOnTerminal(scalar) || (scalar.properties.isDefaultIgnorableCodePoint && !scalar.isASCII)
                || scalar.properties.generalCategory == .privateUse || scalar.properties.generalCategory == .unassigned
        }
    }

    /// `&`, `<`, `>`, `"` and `'` as entities.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
