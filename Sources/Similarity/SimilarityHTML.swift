import Foundation
import WorkbookBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif

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
        try writeFile(index(report, pairs: pairs), to: folder.appendingPathComponent("index.html").path)
        for (number, pair) in pairs.enumerated() {
            try writeFile(page(pair, number: number + 1, report: report), to: folder.appendingPathComponent("pairs/\(pageName(number + 1))").path)
        }
    }

    /// Writes a page, replacing one of that name, never through a symbolic link. Not synced to
    /// the disk (Foundation's `Data.write` is, file by file): the pages can be written again,
    /// and for thousands of pairs syncing each was most of the wall time.
    static func writeFile(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw PageError(path: path, code: errno) }
        defer { close(descriptor) }
        var text = text
        try text.withUTF8 { buffer in
            var written = 0
            while written < buffer.count {
                let result = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw PageError(path: path, code: errno)
                }
                written += result
            }
        }
    }

    /// A page that could not be written: its path and the system's reason.
    struct PageError: Error, LocalizedError {
        var path: String
        var code: Int32
        var errorDescription: String? { "\(path): \(String(cString: strerror(code)))" }
    }

    static func pageName(_ number: Int) -> String { String(format: "%04d.html", number) }

    /// The index page.
    static func index(_ report: SimilarityReport, pairs: [PairMatch]) -> String {
        var body = "<h1>Similarity report</h1>\n" + caution
        body += "<p>\(report.studentCount) students, \(report.exercises.count) exercises, \(report.referenceCount) reference and \(report.publishedCount) published solutions compared; "
        body += "threshold \(String(format: "%.2f", report.options.threshold)); \(pairs.count) pairs flagged.</p>\n"
        let raised = report.exercises.filter { $0.threshold > report.options.threshold }
        if !raised.isEmpty {
            // Exercise names are the workbook's own; escaped all the same.
            body += "<p>Flagged at a threshold of their own, just above their honest corpus's highest pair (what the hints prescribe, honest learners write alike): "
            body += raised.map { "\(escape($0.exercise)) \(String(format: "%.2f", $0.threshold))" }.joined(separator: ", ") + ".</p>\n"
        }
        body += "<h2>Flagged pairs, highest score first</h2>\n"
        if pairs.isEmpty {
            body += "<p>No pair reaches the threshold.</p>\n"
        } else {
            body += "<div class=\"table\"><table><tr><th>#</th><th>exercise</th><th>file</th><th>share</th><th>file</th><th>share</th><th>against</th><th>score</th><th>longest run</th></tr>\n"
            for (number, pair) in pairs.enumerated() {
                body += "<tr><td><a href=\"pairs/\(pageName(number + 1))\">\(number + 1)</a></td><td>\(escape(pair.exercise))</td>"
                body += "<td>\(owner(pair.a))</td><td>\(percent(pair.a.share))</td><td>\(owner(pair.b))</td><td>\(percent(pair.b.share))</td>"
                body += "<td>\(pair.kind.rawValue)</td><td>\(String(format: "%.2f", pair.score))</td><td>\(pair.longestRun) tokens</td></tr>\n"
            }
            body += "</table></div>\n"
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
            body += "<div class=\"table\"><table><tr><th>student</th><th>student</th><th>exercises</th><th>highest</th><th>mean</th></tr>\n"
            for summary in together {
                body += "<tr><td>\(escape(VisibleEscapes.name(summary.a)))</td><td>\(escape(VisibleEscapes.name(summary.b)))</td>"
                body += "<td>\(summary.exercises.count): \(summary.exercises.map(escape).joined(separator: ", "))</td>"
                body += "<td>\(String(format: "%.2f", summary.highestScore))</td><td>\(String(format: "%.2f", summary.meanScore))</td></tr>\n"
            }
            body += "</table></div>\n"
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
    ///
    /// Written byte by byte, the way most of a Swift file is: printable ASCII as itself (HTML's
    /// five characters as entities), tab as itself, every other ASCII control character as a
    /// visible escape. Only a run of bytes beyond ASCII is decoded and looked at scalar by
    /// scalar (``visible(_:)``): asking Unicode's tables about every character of 15,000 pages
    /// was most of what writing them cost.
    static func code(_ text: [UInt8], regions: [Range<Int>]) -> String {
        var marked = [Bool](repeating: false, count: text.count)
        for region in regions where region.lowerBound >= 0 && region.upperBound <= text.count {
            for index in region { marked[index] = true }
        }
        var html: [UInt8] = []
        html.reserveCapacity(text.count * 2 + 64)
        html.append(contentsOf: "<pre>".utf8)
        var lineStart = 0
        var lineNumber = 1
        while lineStart < text.count || lineNumber == 1 {
            let lineEnd = text[lineStart...].firstIndex(of: 0x0A) ?? text.count
            html.append(contentsOf: "<span class=\"n\">\(lineNumber)</span>".utf8)
            var runStart = lineStart
            while runStart < lineEnd {
                var runEnd = runStart
                while runEnd < lineEnd && marked[runEnd] == marked[runStart] { runEnd += 1 }
                if marked[runStart] { html.append(contentsOf: "<mark>".utf8) }
                appendEscaped(text[runStart..<runEnd], to: &html)
                if marked[runStart] { html.append(contentsOf: "</mark>".utf8) }
                runStart = runEnd
            }
            html.append(0x0A)
            lineNumber += 1
            lineStart = lineEnd + 1
        }
        html.append(contentsOf: "</pre>\n".utf8)
        return String(decoding: html, as: UTF8.self)
    }

    /// `bytes` as ``escape(_:)`` of ``visible(_:)`` of their text writes them.
    static func appendEscaped(_ bytes: ArraySlice<UInt8>, to html: inout [UInt8]) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "&"): html.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): html.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): html.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): html.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): html.append(contentsOf: "&#39;".utf8)
            case 0x09, 0x20...0x7E: html.append(byte)
            case 0x00...0x1F, 0x7F: html.append(contentsOf: "\\u{\(String(byte, radix: 16, uppercase: true))}".utf8)
            default:
                // A run beyond ASCII: every byte of a UTF-8 sequence is, so the run holds whole ones.
                var end = index
                while end < bytes.endIndex && bytes[end] >= 0x80 { end += 1 }
                html.append(contentsOf: escape(visible(String(decoding: bytes[index..<end], as: UTF8.self))).utf8)
                index = end
                continue
            }
            index += 1
        }
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
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
        <meta name="referrer" content="no-referrer">
        <title>\(escape(title))</title>
        <style>
        body { font-family: system-ui, sans-serif; margin: 1.5em; }
        .caution { background: #fff4d6; border: 1px solid #e0b84c; padding: 0.6em; }
        table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; }
        .sides { display: flex; gap: 1em; } .side { flex: 1; min-width: 0; }
        h1, h2 { overflow-wrap: anywhere; } .table { overflow-x: auto; }
        @media (max-width: 700px) { body { margin: 0.8em; } .sides { flex-direction: column; } }
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
