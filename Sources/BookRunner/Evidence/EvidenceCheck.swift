import ChapterModel
import Foundation

/// Proves each citation of OpenCombine against the sources the package resolved: the file
/// exists, the lines exist, and they still hold what the citation quotes.
///
/// The quote is what makes a citation survive a patch release: lines move, and a range that
/// merely exists would go on pointing at whatever moved into it. Whitespace does not count
/// (a quote may span lines, or be reindented), anything else does.
public struct EvidenceCheck {
    public var checkout: OpenCombineCheckout

    public init(checkout: OpenCombineCheckout) {
        self.checkout = checkout
    }

    /// A citation the checkout does not bear out, at the chapter's line.
    public struct Problem: Error, Equatable, CustomStringConvertible, Sendable {
        public var chapter: String
        public var line: Int
        public var message: String

        public init(chapter: String, line: Int, message: String) {
            self.chapter = chapter
            self.line = line
            self.message = message
        }

        /// `Chapters/07-operators.md:81: error: …`, which editors and terminals link to.
        public var description: String {
            "\(chapter):\(line): error: \(message)"
        }
    }

    /// The citations of these chapters that do not hold, in chapter and line order.
    public func problems(in chapters: [Chapter]) -> [Problem] {
        var files = SourceFiles(root: checkout.root)
        return chapters.flatMap { chapter in
            chapter.citations.compactMap { problem(with: $0, in: chapter.path, files: &files) }
        }
    }

    private func problem(with citation: Citation, in chapter: String, files: inout SourceFiles) -> Problem? {
        func problem(_ message: String) -> Problem {
            Problem(chapter: chapter, line: citation.line, message: message)
        }
        let release = "OpenCombine \(checkout.version ?? "")".trimmingCharacters(in: .whitespaces)
        guard let lines = files.lines(of: citation.path) else {
            return problem("the citation names \(citation.path), which \(release) does not have (checked in \(checkout.root.path))")
        }
        guard citation.lines.upperBound <= lines.count else {
            return problem("the citation names lines \(citation.lineText) of \(citation.path), which has \(lines.count) lines in \(release)")
        }
        let quote = Self.normalized(citation.quote)
        let cited = Self.normalized(lines[(citation.lines.lowerBound - 1)..<citation.lines.upperBound].joined(separator: "\n"))
        guard !cited.contains(quote) else { return nil }
        let elsewhere = lines.firstIndex { Self.normalized($0).contains(quote) }.map { "; the file has it at line \($0 + 1)" } ?? ""
        return problem("\(citation.location) does not hold \"\(citation.quote)\" in \(release)\(elsewhere)")
    }

    /// The text with every run of whitespace made one space, and none at either end.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// OpenCombine's files as lines, each read once however often it is cited.
private struct SourceFiles {
    var root: URL
    private var cache: [String: [String]?] = [:]

    init(root: URL) {
        self.root = root
    }

    mutating func lines(of path: String) -> [String]? {
        if let cached = cache[path] { return cached }
        let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        var lines = text.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        if lines?.last == "" { lines?.removeLast() }
        cache[path] = lines
        return lines
    }
}
