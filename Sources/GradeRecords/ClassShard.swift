import ExerciseCatalog
import WorkbookBasics

/// `--shard K/N`: the K-th of N deterministic shares of a class.
///
/// Students are dealt round-robin in name order (the order the roster reads them), so
/// every machine of a CI matrix, listing the same folder, picks the same share, the shares
/// differ in size by at most one, and together they hold every student exactly once.
public struct ClassShard: Equatable, Sendable {
    public var index: Int
    public var count: Int

    /// Parses "K/N" with 1 ≤ K ≤ N.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw WorkbookError("--shard \(text): expected K/N with 1 ≤ K ≤ N, e.g. 2/3")
        }
        self.index = index
        self.count = count
    }

    /// This shard's share of `items`, which must be in roster (name) order.
    public func share<T>(of items: [T]) -> [T] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    public var record: GradeRecord.Shard { .init(index: index, count: count) }
}
