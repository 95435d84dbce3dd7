import Foundation

/// Proves that a chapter's excerpts still match the source they quote.
///
/// Chapters copy the library's code so they read well on paper and on GitHub; this check is
/// what keeps the copies honest. A test runs it on every chapter, and `workbook read` warns
/// when a chapter has drifted.
public struct ExcerptCheck {
    /// Where source paths in excerpts start from.
    public var packageRoot: URL

    public init(packageRoot: URL) {
        self.packageRoot = packageRoot
    }

    /// One excerpt that no longer matches its source, or whose source is missing.
    public struct Drift: Error, Equatable, CustomStringConvertible, Sendable {
        public var chapter: String
        public var line: Int
        public var reference: String
        /// What is wrong, for example the first line that differs.
        public var problem: String

        public init(chapter: String, line: Int, reference: String, problem: String) {
            self.chapter = chapter
            self.line = line
            self.reference = reference
            self.problem = problem
        }

        public var description: String {
            "\(chapter):\(line): excerpt \(reference) \(problem)"
        }
    }

    /// The drifted excerpts of a chapter; empty when every excerpt matches its source.
    public func drifts(in chapter: Chapter) -> [Drift] {
        chapter.excerpts.compactMap { drift(of: $0, in: chapter) }
    }

    func drift(of excerpt: Excerpt, in chapter: Chapter) -> Drift? {
        func drift(_ problem: String) -> Drift {
            Drift(chapter: chapter.path, line: excerpt.line, reference: excerpt.reference, problem: problem)
        }
        let url = packageRoot.appendingPathComponent(excerpt.source)
        guard let source = try? String(contentsOf: url, encoding: .utf8) else {
            return drift("quotes a file that does not exist")
        }
        let region: String
        do {
            region = try SourceRegion.extract(excerpt.region, from: source)
        } catch {
            return drift("cannot be found: the file \(error)")
        }
        guard let difference = LineDifference.first(between: excerpt.code, and: region) else { return nil }
        return drift("differs from the source at its line \(difference.line): the chapter has \(difference.left), the source has \(difference.right)")
    }
}

/// The first line at which two texts differ, for short drift messages.
struct LineDifference: Equatable {
    var line: Int
    var left: String
    var right: String

    static func first(between left: String, and right: String) -> LineDifference? {
        let leftLines = lines(left), rightLines = lines(right)
        for index in 0..<max(leftLines.count, rightLines.count) {
            let l = index < leftLines.count ? "`\(leftLines[index])`" : "nothing more"
            let r = index < rightLines.count ? "`\(rightLines[index])`" : "nothing more"
            if l != r { return LineDifference(line: index + 1, left: l, right: r) }
        }
        return nil
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).trimmingWhitespaceAtEnd }
        while lines.last == "" { lines.removeLast() }
        return lines
    }
}

extension String {
    var trimmingWhitespaceAtEnd: String {
        String(reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
