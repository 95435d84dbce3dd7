/// A line-by-line difference between the output a chapter expects and what was printed.
///
/// The standard library's `difference(from:)` (Myers' algorithm) pairs up the lines, so one
/// extra or missing line shows as just that line, not as everything after it changing.
/// A diff is for a person to read, so it is kept short: at most ``shownChanges`` changed
/// lines (with a line of context around each), and the count of what was left out.
public struct LineDiff: Equatable, Sendable {
    public enum Line: Equatable, Sendable {
        /// Printed and expected alike.
        case same(String)
        /// Expected but not printed.
        case missing(String)
        /// Printed but not expected.
        case unexpected(String)
    }

    /// The lines to show.
    public var lines: [Line]
    /// How many changed lines were left out of ``lines``.
    public var omittedChanges: Int
    /// True when the two texts have the same lines.
    public let isEmpty: Bool

    /// How many changed lines a diff shows at most.
    public static let shownChanges = 40
    /// Past this many lines between the common start and end, the two sides are shown as
    /// they come rather than paired up: pairing costs time in the product of the lengths.
    static let pairingLimit = 4_000

    public init(expected: String, actual: String) {
        let old = Self.lines(of: expected), new = Self.lines(of: actual)
        let prefix = zip(old, new).prefix { $0 == $1 }.count
        let suffix = zip(old.dropFirst(prefix).reversed(), new.dropFirst(prefix).reversed()).prefix { $0 == $1 }.count
        let oldMiddle = Array(old[prefix..<(old.count - suffix)]), newMiddle = Array(new[prefix..<(new.count - suffix)])
        isEmpty = oldMiddle.isEmpty && newMiddle.isEmpty

        var all = old[..<prefix].map(Line.same)
        if oldMiddle.count + newMiddle.count > Self.pairingLimit {
            all += oldMiddle.map(Line.missing) + newMiddle.map(Line.unexpected)
        } else {
            all += Self.paired(oldMiddle, newMiddle)
        }
        all += old[(old.count - suffix)...].map(Line.same)
        (lines, omittedChanges) = Self.shortened(all)
    }

    /// The middle lines, paired by `difference(from:)`: a removed line is missing, an
    /// inserted one unexpected, the rest the same.
    private static func paired(_ old: [String], _ new: [String]) -> [Line] {
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var lines: [Line] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                lines.append(.missing(old[i])); i += 1
            } else if j < new.count, inserted.contains(j) {
                lines.append(.unexpected(new[j])); j += 1
            } else {
                lines.append(.same(old[i])); i += 1; j += 1
            }
        }
        return lines
    }

    /// Every line when the changes are few; else the first ``shownChanges`` changes with a
    /// line of context on each side, and how many changes were left out.
    private static func shortened(_ lines: [Line]) -> ([Line], Int) {
        let changes = lines.indices.filter { if case .same = lines[$0] { return false } else { return true } }
        guard changes.count > shownChanges else { return (lines, 0) }
        let lastShown = changes[shownChanges - 1]
        let end = min(lastShown + 2, lines.count)
        return (Array(lines[..<end]), changes.count - shownChanges)
    }

    private static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
