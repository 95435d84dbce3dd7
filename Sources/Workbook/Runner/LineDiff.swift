/// A line-by-line difference between the output a chapter expects and what was printed.
///
/// Computed as a longest common subsequence of lines, so one extra or missing line shows
/// as just that line, not as everything after it changing.
public struct LineDiff: Equatable, Sendable {
    public enum Line: Equatable, Sendable {
        /// Printed and expected alike.
        case same(String)
        /// Expected but not printed.
        case missing(String)
        /// Printed but not expected.
        case unexpected(String)
    }

    public var lines: [Line]

    public init(expected: String, actual: String) {
        let old = Self.lines(of: expected), new = Self.lines(of: actual)
        // common[i][j]: length of the longest common subsequence of old[i...] and new[j...].
        var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines: [Line] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                lines.append(.same(old[i])); i += 1; j += 1
            } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
                lines.append(.missing(old[i])); i += 1
            } else {
                lines.append(.unexpected(new[j])); j += 1
            }
        }
        self.lines = lines
    }

    /// True when the two texts have the same lines.
    public var isEmpty: Bool {
        lines.allSatisfy { if case .same = $0 { return true } else { return false } }
    }

    private static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
