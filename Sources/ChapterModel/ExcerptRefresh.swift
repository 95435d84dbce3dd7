import Foundation

/// Rewrites a chapter's excerpts from the source they quote: the maintainer's side of
/// ``ExcerptCheck``.
///
/// After the library changes, `workbook excerpts --update` runs this on every chapter, so
/// a quote is brought up to date by a tool rather than copied by hand. Only the lines
/// between each excerpt's fences change; the prose around them is left as it is.
public struct ExcerptRefresh {
    public var packageRoot: URL

    public init(packageRoot: URL) {
        self.packageRoot = packageRoot
    }

    /// `markdown` (the text `chapter` was parsed from) with every excerpt's body replaced by
    /// the current source region.
    ///
    /// - Throws: ``ChapterError`` at the excerpt whose source or region cannot be read, or
    ///   that sits in a block quote (where its lines could not be rewritten faithfully).
    public func refreshed(_ markdown: String, chapter: Chapter) throws -> String {
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for excerpt in chapter.excerpts.sorted(by: { $0.line > $1.line }) {
            func failure(_ message: String) -> ChapterError {
                ChapterError(path: chapter.path, line: excerpt.line, message: "excerpt \(excerpt.reference) \(message)")
            }
            let indentation = String(lines[excerpt.line - 1].prefix(excerpt.column - 1))
            guard indentation.allSatisfy({ $0 == " " }), excerpt.endLine > excerpt.line, excerpt.endLine <= lines.count else {
                throw failure("cannot be refreshed here: only excerpts outside block quotes, with a closing fence, can")
            }
            let region: String
            do {
                let source = try String(contentsOf: packageRoot.appendingPathComponent(excerpt.source), encoding: .utf8)
                region = try SourceRegion.extract(excerpt.region, from: source)
            } catch let error as RegionError {
                throw failure("cannot be found: the file \(error)")
            } catch {
                throw failure("quotes a file that cannot be read")
            }
            let body = region.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .map { $0.isEmpty ? "" : indentation + $0 }
            lines.replaceSubrange(excerpt.line..<(excerpt.endLine - 1), with: body)
        }
        return lines.joined(separator: "\n")
    }
}
