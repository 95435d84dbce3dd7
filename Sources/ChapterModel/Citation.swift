import Foundation

/// A link from a chapter to lines of OpenCombine's source, naming what those lines hold.
///
/// Written as a Markdown link whose destination uses the `opencombine:` scheme and whose
/// title quotes the cited lines:
///
///     [Publishers.Scan.swift:156-188](opencombine:Sources/OpenCombine/Publishers/Publishers.Scan.swift#L156-L188 "Inner")
///
/// The path is inside the OpenCombine repository; `#L156-L188` or `#L156` are the lines,
/// as GitHub writes them. The title is a symbol or a few words that must occur within
/// those lines: OpenCombine's patch releases may move code, and a line range alone would
/// then still "exist" while pointing at something else. The evidence check proves each
/// citation against the OpenCombine the package resolved.
public struct Citation: Equatable, Sendable {
    /// The scheme that marks a link as a citation of OpenCombine.
    public static let scheme = "opencombine:"

    /// The link's text, as the chapter shows it.
    public var text: [Inline]
    /// The cited file, relative to the OpenCombine repository's root.
    public var path: String
    /// The cited lines, 1-based and inclusive.
    public var lines: ClosedRange<Int>
    /// What the cited lines must hold (the link's title).
    public var quote: String
    /// The chapter line the link starts on.
    public var line: Int

    public init(text: [Inline], path: String, lines: ClosedRange<Int>, quote: String, line: Int) {
        self.text = text
        self.path = path
        self.lines = lines
        self.quote = quote
        self.line = line
    }

    /// Reads a link that uses the `opencombine:` scheme.
    ///
    /// - Throws: ``Invalid`` with a one-line reason: no lines, lines that are not a
    ///   range, a path that leaves the repository, or no title.
    public init(text: [Inline], destination: String, title: String, line: Int) throws {
        let (path, lines) = try Self.target(of: destination)
        let quote = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !quote.isEmpty else {
            throw Invalid("the citation `\(destination)` has no title: quote a symbol or a few words the cited lines hold, as in \(Self.form)")
        }
        self.init(text: text, path: path, lines: lines, quote: quote, line: line)
    }

    /// The file and lines an `opencombine:` destination names.
    ///
    /// - Throws: ``Invalid``: not the scheme, no lines, lines that are not a range, or a
    ///   path that leaves the repository.
    public static func target(of destination: String) throws -> (path: String, lines: ClosedRange<Int>) {
        guard destination.hasPrefix(scheme) else { throw Invalid("a citation's destination starts with \(scheme)") }
        let parts = destination.dropFirst(scheme.count).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
            throw Invalid("`\(destination)` names no file inside OpenCombine; write \(form)")
        }
        guard parts.count == 2 else {
            throw Invalid("`\(destination)` names no lines; write \(form)")
        }
        if let lines = lines(parts[1]) { return (path, lines) }
        throw Invalid(Self.whyNotLines(parts[1], in: destination))
    }

    /// Why a fragment is not `L<first>-L<last>` or `L<line>`, in the words that help most:
    /// GitHub's own short form and a backwards range get a message of their own.
    static func whyNotLines(_ fragment: Substring, in destination: String) -> String {
        let bounds = fragment.split(separator: "-", omittingEmptySubsequences: false)
        if bounds.count == 2, bounds[0].hasPrefix("L"), let first = Int(bounds[0].dropFirst()), let last = Int(bounds[1]), first > 0, last > 0 {
            return "`\(destination)` writes its lines as GitHub may (`#L\(first)-\(last)`); a citation writes both with an L: `#L\(first)-L\(last)`"
        }
        if bounds.count == 2, bounds.allSatisfy({ $0.hasPrefix("L") }),
           let first = Int(bounds[0].dropFirst()), let last = Int(bounds[1].dropFirst()), first > last, last > 0 {
            return "`\(destination)` names its lines backwards (from \(first) down to \(last)); write `#L\(last)-L\(first)`"
        }
        return "`\(destination)` names no lines; write \(form)"
    }

    /// The form a citation takes, for messages.
    public static let form = "[text](opencombine:<path>#L<first>-L<last> \"words the lines hold\")"

    /// `L156-L188` or `L156`; `nil` for anything else, or a range that runs backwards.
    static func lines(_ fragment: Substring) -> ClosedRange<Int>? {
        let bounds = fragment.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(bounds.count) else { return nil }
        let numbers = bounds.compactMap { bound -> Int? in
            guard bound.hasPrefix("L"), let number = Int(bound.dropFirst()), number > 0,
                  bound.dropFirst().allSatisfy(\.isASCII) else { return nil }
            return number
        }
        guard numbers.count == bounds.count, let first = numbers.first, let last = numbers.last, first <= last else { return nil }
        return first...last
    }

    /// The file's name and its lines, `Publishers.Scan.swift:156-188`: how the terminal shows it.
    public var location: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return "\(name):\(lineText)"
    }

    /// `156-188`, or `156` for a single line.
    public var lineText: String {
        lines.count == 1 ? "\(lines.lowerBound)" : "\(lines.lowerBound)-\(lines.upperBound)"
    }

    /// Why a citation cannot be read.
    public struct Invalid: Error, Equatable, Sendable {
        public var message: String

        public init(_ message: String) {
            self.message = message
        }
    }
}

extension Chapter {
    /// Every citation of OpenCombine, in the order the chapter makes them, wherever the
    /// link sits (a paragraph, a heading, a list item, a quote, inside emphasis).
    public var citations: [Citation] {
        blocks.flatMap(\.allBlocks).flatMap { block -> [Citation] in
            switch block {
            case .heading(let heading): return heading.content.citations
            case .paragraph(let inlines): return inlines.citations
            default: return []
            }
        }
    }
}

extension Array where Element == Inline {
    /// The citations among these inlines and those nested in them.
    public var citations: [Citation] {
        flatMap { inline -> [Citation] in
            switch inline {
            case .citation(let citation): return [citation]
            case .emphasis(let children), .strong(let children), .link(let children, _): return children.citations
            default: return []
            }
        }
    }
}
