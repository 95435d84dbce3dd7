import Foundation
import Testing
@testable import FileFingerprints
import WorkbookTestSupport

/// Citations of sources other than OpenCombine (CombineX, so far) are links to a file at a
/// commit, whose cited lines are committed under `docs/evidence/`: each holds, offline.
@Suite struct PinnedEvidenceTests {
    static let root = BuiltWorkbook.packageRoot
    static let evidence = root.appendingPathComponent("docs/evidence")

    /// `[text](https://github.com/cx-org/CombineX/blob/<commit>/<path>#L<a>-L<b> "quote")`.
    struct Link {
        var chapter: String
        var line: Int
        var commit: String
        var path: String
        var lines: ClosedRange<Int>
        var quote: String
    }

    /// The links of every chapter, and of `docs/evidence/README.md`, which holds the details
    /// a chapter leaves out (how a spec it cites is read).
    static func links() throws -> [Link] {
        let pattern = try NSRegularExpression(
            pattern: #"\]\(https://github\.com/cx-org/CombineX/blob/([0-9a-f]{40})/([^#\s)]+)#L(\d+)(?:-L(\d+))?\s+"([^"]+)"\)"#)
        var found: [Link] = []
        let chapters = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Chapters").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "Chapters/\($0)" }
        for name in chapters + ["docs/evidence/README.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
            let whole = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: whole) {
                func group(_ index: Int) -> String? {
                    Range(match.range(at: index), in: text).map { String(text[$0]) }
                }
                let first = Int(group(3)!)!
                let last = group(4).flatMap(Int.init) ?? first
                let line = text[..<Range(match.range, in: text)!.lowerBound].filter { $0 == "\n" }.count + 1
                found.append(Link(chapter: name, line: line, commit: group(1)!, path: group(2)!,
                                  lines: first...max(first, last), quote: group(5)!))
            }
        }
        return found
    }

    /// An excerpt file: its header fields and its lines.
    struct Excerpt {
        var fields: [String: String]
        var body: [String]
        var lines: ClosedRange<Int>

        init(_ url: URL) throws {
            let text = try String(contentsOf: url, encoding: .utf8)
            let parts = text.components(separatedBy: "\n---\n")
            try #require(parts.count == 2, "\(url.path) has no `---` line after its header")
            fields = [:]
            for line in parts[0].split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            var body = parts[1].components(separatedBy: "\n")
            if body.last == "" { body.removeLast() }
            self.body = body
            let bounds = try #require(fields["lines"]).split(separator: "-").compactMap { Int($0) }
            try #require(bounds.count == 2)
            lines = bounds[0]...bounds[1]
        }
    }

    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func everyCitationHoldsInItsCommittedExcerpt() throws {
        let links = try Self.links()
        #expect(!links.isEmpty)
        for link in links {
            let url = Self.evidence.appendingPathComponent("CombineX/\(link.commit)/\(link.path).excerpt")
            guard FileManager.default.fileExists(atPath: url.path) else {
                Issue.record("\(link.chapter):\(link.line): no excerpt docs/evidence/CombineX/\(link.commit)/\(link.path).excerpt")
                continue
            }
            let excerpt = try Excerpt(url)
            #expect(excerpt.fields["commit"] == link.commit, "\(link.chapter):\(link.line)")
            #expect(excerpt.fields["file"] == link.path, "\(link.chapter):\(link.line)")
            guard excerpt.lines.contains(link.lines.lowerBound), excerpt.lines.contains(link.lines.upperBound) else {
                Issue.record("\(link.chapter):\(link.line): lines \(link.lines) are not in the excerpt's \(excerpt.lines)")
                continue
            }
            let cited = excerpt.body[(link.lines.lowerBound - excerpt.lines.lowerBound)...(link.lines.upperBound - excerpt.lines.lowerBound)]
            #expect(Self.normalized(cited.joined(separator: "\n")).contains(Self.normalized(link.quote)),
                    "\(link.chapter):\(link.line): lines \(link.lines) of \(link.path) do not hold \"\(link.quote)\"")
        }
    }

    @Test func everyExcerptIsUnchangedAndCited() throws {
        let links = try Self.links()
        let base = Self.evidence.appendingPathComponent("CombineX")
        let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".excerpt") } ?? []
        #expect(!files.isEmpty)
        for file in files {
            let excerpt = try Excerpt(base.appendingPathComponent(file))
            #expect(excerpt.body.count == excerpt.lines.count, "\(file): \(excerpt.body.count) lines, but the header says \(excerpt.lines)")
            let digest = SHA256.hex(Array(excerpt.body.map { $0 + "\n" }.joined().utf8))
            #expect(digest == excerpt.fields["excerpt-sha256"], "\(file): its lines changed since they were taken")
            #expect(excerpt.fields["file-sha256"]?.count == 64, "\(file)")
            let cited = links.contains { "\($0.commit)/\($0.path).excerpt" == file }
            #expect(cited, "\(file) is cited by no chapter, nor by docs/evidence/README.md")
        }
    }
}
