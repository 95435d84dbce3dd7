/// How files are compared and which pairs are flagged.
public struct SimilarityOptions: Sendable, Equatable {
    /// The default threshold: a pair whose score reaches it is flagged for a person to read.
    /// Chosen from the evaluation corpus (Instructor/Tests/SimilarityCorpus, README.md): there
    /// the highest honest pair scores 0.29 and the lowest disguised copy 0.48 (all six
    /// disguises at once; any single one, 0.62 or more). 0.40 is about halfway, leaving room on
    /// both sides: a large class has more honest pairs, and so a higher highest one.
    public static let defaultThreshold = 0.40

    /// A pair is flagged when its score reaches this.
    public var threshold = defaultThreshold
    var parameters = Fingerprints.Parameters()
    /// A file with fewer fingerprints than this (beyond the stub's) is too small for its own
    /// share to mean anything: only the other file's share counts for the pair.
    var fewestFingerprints = 4
    /// A fingerprint in more files than this (at least) is down-weighted: its weight is
    /// `common / files it is in`. The effective number is the larger of this and a tenth of
    /// the files: in a large class many students write the same few lines honestly.
    var common = 4

    public init(threshold: Double = defaultThreshold) {
        self.threshold = threshold
    }
}
