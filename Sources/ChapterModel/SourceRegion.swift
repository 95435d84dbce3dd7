/// Finds a region of a source file marked for quoting in a chapter.
///
/// A region starts after a line `// [excerpt: name]` and ends before the matching
/// `// [/excerpt]`. Regions may nest (a chapter can quote a whole type and, later, one
/// method of it); marker lines of inner regions are left out of the outer one. The text is
/// dedented by the leading whitespace its lines share, so a method reads from column one.
public enum SourceRegion {
    /// The region `name` of `source`, without its marker lines, dedented, one `\n` per line.
    ///
    /// - Throws: a message (without location) when the region is missing, not closed, or
    ///   marked more than once.
    public static func extract(_ name: String, from source: String) throws -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let starts = lines.indices.filter { openedRegion(lines[$0]) == name }
        guard let start = starts.first else {
            throw RegionError("has no `// [excerpt: \(name)]` marker")
        }
        guard starts.count == 1 else {
            throw RegionError("marks the excerpt `\(name)` \(starts.count) times")
        }
        var depth = 1
        var body: [String] = []
        for line in lines[(start + 1)...] {
            if openedRegion(line) != nil {
                depth += 1
            } else if isClosing(line) {
                depth -= 1
                if depth == 0 { return dedent(body).map { $0 + "\n" }.joined() }
            } else {
                body.append(line)
            }
        }
        throw RegionError("never closes the excerpt `\(name)` with `// [/excerpt]`")
    }

    /// The line (from 1) where the region `name`'s code starts, just after its marker, so
    /// that a link can point at the quoted lines in the file; `nil` if it is not marked.
    public static func firstLine(of name: String, in source: String) -> Int? {
        source.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { openedRegion(String($0)) == name }
            .map { $0 + 2 }
    }

    /// The name in a `// [excerpt: name]` line, or `nil` for any other line.
    static func openedRegion(_ line: String) -> String? {
        let trimmed = line.trimmingWhitespace
        let prefix = "// [excerpt:"
        guard trimmed.hasPrefix(prefix), trimmed.hasSuffix("]") else { return nil }
        return String(trimmed.dropFirst(prefix.count).dropLast()).trimmingWhitespace
    }

    static func isClosing(_ line: String) -> Bool {
        line.trimmingWhitespace == "// [/excerpt]"
    }

    /// Removes the leading whitespace that all non-blank lines share; blank lines become empty.
    static func dedent(_ lines: [String]) -> [String] {
        let indents = lines.filter { !$0.trimmingWhitespace.isEmpty }.map { $0.prefix { $0 == " " || $0 == "\t" }.count }
        let common = indents.min() ?? 0
        return lines.map { $0.trimmingWhitespace.isEmpty ? "" : String($0.dropFirst(common)) }
    }
}

/// Why a region could not be taken from a source file.
public struct RegionError: Error, Equatable, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}

extension String {
    var trimmingWhitespace: String {
        let characters = drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(characters.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
