/// Two files of one exercise that share fingerprints, with what they share.
public struct PairMatch: Sendable {
    /// One file of the pair.
    public struct Side: Sendable {
        public var kind: SimilarityInput.Kind
        /// The student's folder's name exactly, or the reference's or published file's path.
        public var owner: String
        public var path: String
        /// The weighted share of this file's fingerprints found in the other file, 0...1.
        public var share: Double
        /// The longest run of this file's tokens each inside a k-gram the other file has
        /// too (the stub's k-grams left out), and the lines it spans.
        public var longestRun = 0
        public var longestRunLines = 0...0
        /// The byte ranges of this file that match the other (for the side-by-side page).
        public var regions: [Range<Int>] = []
        /// Index of the file in the exercise's files.
        var file: Int
    }

    /// Who the other side is, seen from the student's side: a classmate, the reference
    /// solution, or a published one.
    public enum Kind: String, Sendable {
        case classmate, reference, published
    }

    public var exercise: String
    public var a: Side
    public var b: Side
    /// The larger of the two shares (a file too small to count lends its share nothing):
    /// a copy padded with statements of its own still holds all of the original.
    public var score: Double

    public var kind: Kind {
        switch (a.kind, b.kind) {
        case (.published, _), (_, .published): return .published
        case (.reference, _), (_, .reference): return .reference
        default: return .classmate
        }
    }

    /// The longer of the two sides' longest runs, in tokens.
    public var longestRun: Int { max(a.longestRun, b.longestRun) }
}

/// Three or more students (and any reference or published solution) joined by flagged pairs
/// of one exercise: a solution that went round.
public struct SimilarityCluster: Sendable {
    public var exercise: String
    /// Students' folder names, in byte order.
    public var students: [String]
    /// Reference or published solutions in the cluster.
    public var sources: [String]
    /// The flagged pairs inside it.
    public var pairs: Int
    public var highestScore: Double
}

/// Two students flagged together, over the whole course.
public struct StudentPairSummary: Sendable {
    public var a: String
    public var b: String
    /// The exercises where they were flagged, highest score first.
    public var exercises: [String]
    public var highestScore: Double
    public var meanScore: Double
}
