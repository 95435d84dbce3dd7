import Foundation
import WorkbookBasics

/// Compares every file of an exercise with every other, through an inverted index of
/// fingerprints: files that share none are never looked at together, so a class of hundreds
/// costs little more than the fingerprints of its files.
///
/// For each exercise:
/// 1. every file is tokenised and fingerprinted (``Fingerprints``), and every k-gram the
///    stub has is taken out of it (the code everyone was given never matches: MOSS's `-b`);
/// 2. an index maps each k-gram to the files that have it, and each fingerprint gets a
///    weight: 1, or `common / files` when more than `common` files have it (how most of a
///    class writes a line says little about who copied whom);
/// 3. for each file, walking the index from its fingerprints sums, for every other file,
///    the weight of its fingerprints that file also has: its *share* in that file;
/// 4. a pair's score is the larger of its two shares; pairs at or above the threshold are
///    flagged, and get their matched regions and longest matched runs.
public struct SimilarityChecker: Sendable {
    public var options: SimilarityOptions

    public init(options: SimilarityOptions = SimilarityOptions()) {
        self.options = options
    }

    /// One exercise's comparison: its fingerprinted files, and the pairs at or above the
    /// threshold, highest score first.
    public struct ExerciseResult: Sendable {
        public var exercise: String
        var files: [ComparedFile]
        public var pairs: [PairMatch]
        /// Students' files compared (an unchanged stub has no fingerprints and is left out).
        public var studentFiles: Int
        /// The threshold its pairs were flagged at: the options' own, or higher when its
        /// honest corpus resembles itself more (``SimilarityOptions/calibrated``).
        public var threshold: Double
        /// The highest score between two files of its honest corpus (the reference among
        /// them); nil when it has none.
        public var highestHonestPair: Double?
    }

    /// What no pair of an exercise matches on: the k-grams of its stub and of its course
    /// material, and the names that keep their spelling (the stub's functions and types).
    struct Base {
        var grams: Set<UInt64> = []
        var required: Set<UInt64> = []

        init(stub: [UInt8]?, material: [[UInt8]], parameters: Fingerprints.Parameters) {
            // The stub's functions and types keep their names in every file: a student must declare them.
            required = stub.map { DeclaredNames(Lexeme.lexemes(of: SwiftTokenizer.tokens(of: $0), in: $0)).members } ?? []
            for text in (stub.map { [$0] } ?? []) + material {
                grams.formUnion(ComparedFile(kind: .reference, owner: "", path: "", text: text, parameters: parameters, keeping: required).fingerprints.all)
            }
        }
    }

    /// Compares the files of one exercise: `sources`, against the base of its `stub` and
    /// `material` (``CourseMaterial``), flagging pairs at the options' threshold or at the one
    /// its `honest` corpus calls for.
    public func compare(exercise: String, stub: [UInt8]?, material: [[UInt8]] = [], honest: [[UInt8]] = [], sources: [SimilarityInput.Source]) -> ExerciseResult {
        let base = Base(stub: stub, material: material, parameters: options.parameters)
        var threshold = options.threshold
        var highestHonestPair: Double?
        // The honest corpus, and the reference, compared as a class of their own.
        let corpus = honest.enumerated().map { SimilarityInput.Source(kind: .student, owner: "honest \($0.offset)", path: "", text: $0.element) }
            + sources.filter { $0.kind == .reference }
        if !honest.isEmpty, corpus.count >= 2 {
            let highest = compare(exercise: exercise, base: base, sources: corpus, threshold: 0).pairs.map(\.score).max() ?? 0
            highestHonestPair = highest
            if options.calibrated { threshold = min(1, max(threshold, highest + options.honestMargin)) }
        }
        var result = compare(exercise: exercise, base: base, sources: sources, threshold: threshold)
        result.highestHonestPair = highestHonestPair
        return result
    }

    func compare(exercise: String, base: Base, sources: [SimilarityInput.Source], threshold: Double) -> ExerciseResult {
        let parameters = options.parameters
        let files = sources.map { ComparedFile(kind: $0.kind, owner: $0.owner, path: $0.path, text: $0.text, parameters: parameters, base: base.grams, keeping: base.required) }
        // The index: each k-gram's files.
        var ids: [UInt64: Int32] = [:]
        var postings: [[Int32]] = []
        for (file, compared) in files.enumerated() {
            for hash in compared.fingerprints.all {
                if let id = ids[hash] {
                    postings[Int(id)].append(Int32(file))
                } else {
                    ids[hash] = Int32(postings.count)
                    postings.append([Int32(file)])
                }
            }
        }
        let common = Double(max(options.common, files.count / 10))
        let weights = postings.map { $0.count <= Int(common) ? 1.0 : common / Double($0.count) }
        // Each file's share in every file it shares a fingerprint with.
        var shares = [[Int32: Double]](repeating: [:], count: files.count)
        var accumulated = [Double](repeating: 0, count: files.count)
        var touched: [Int] = []
        for (file, compared) in files.enumerated() {
            let selected = compared.fingerprints.selected
            guard selected.count >= options.fewestFingerprints else { continue }
            var total = 0.0
            for hash in selected {
                guard let id = ids[hash] else { continue }
                let weight = weights[Int(id)]
                total += weight
                for other in postings[Int(id)] where Int(other) != file {
                    if accumulated[Int(other)] == 0 { touched.append(Int(other)) }
                    accumulated[Int(other)] += weight
                }
            }
            var row: [Int32: Double] = [:]
            row.reserveCapacity(touched.count)
            for other in touched {
                row[Int32(other)] = total > 0 ? accumulated[other] / total : 0
                accumulated[other] = 0
            }
            touched.removeAll(keepingCapacity: true)
            shares[file] = row
        }
        let kinds = files.map(\.kind)
        var flagged: [(Int, Int, Double, Double)] = []
        for file in files.indices {
            for (other32, share) in shares[file] {
                let other = Int(other32)
                // Each pair once: from its lower index, or from the only side with a share.
                let back = shares[other][Int32(file)]
                if back != nil && other < file { continue }
                guard kinds[file] == .student || kinds[other] == .student else { continue }
                let score = max(share, back ?? 0)
                guard score >= threshold, score > 0 else { continue }
                flagged.append((file, other, share, back ?? 0))
            }
        }
        // The matched regions, only for the flagged pairs: each file's k-grams as bits.
        var bits: [Int: [UInt64]] = [:]
        func bitset(_ file: Int) -> [UInt64] {
            if let set = bits[file] { return set }
            var set = [UInt64](repeating: 0, count: postings.count / 64 + 1)
            for hash in files[file].fingerprints.all { if let id = ids[hash] { set[Int(id) >> 6] |= 1 << UInt64(id & 63) } }
            bits[file] = set
            return set
        }
        var gramIDs: [Int: [Int32]] = [:]
        func grams(_ file: Int) -> [Int32] {
            if let known = gramIDs[file] { return known }
            let found = files[file].fingerprints.grams.map { ids[$0.hash] ?? -1 }
            gramIDs[file] = found
            return found
        }
        var pairs: [PairMatch] = []
        pairs.reserveCapacity(flagged.count)
        for (file, other, share, back) in flagged {
            let a = files[file], b = files[other]
            var pair = PairMatch(exercise: exercise,
                                 a: .init(kind: a.kind, owner: a.owner, path: a.path, share: share, file: file),
                                 b: .init(kind: b.kind, owner: b.owner, path: b.path, share: back, file: other),
                                 score: max(share, back))
            // The student first; two students in the byte order of their names.
            if b.kind == .student && (a.kind != .student || StudentName(b.owner) < StudentName(a.owner)) {
                swap(&pair.a, &pair.b)
            }
            Self.mark(&pair.a, in: files[pair.a.file], ids: grams(pair.a.file), against: bitset(pair.b.file))
            Self.mark(&pair.b, in: files[pair.b.file], ids: grams(pair.b.file), against: bitset(pair.a.file))
            pairs.append(pair)
        }
        pairs.sort(by: Self.ranked)
        return ExerciseResult(exercise: exercise, files: files, pairs: pairs,
                              studentFiles: files.filter { $0.kind == .student && !$0.fingerprints.all.isEmpty }.count,
                              threshold: threshold, highestHonestPair: nil)
    }

    /// Highest score first; then the longer run; then by names, so the order is the same on
    /// every machine.
    static func ranked(_ x: PairMatch, _ y: PairMatch) -> Bool {
        if x.score != y.score { return x.score > y.score }
        if x.longestRun != y.longestRun { return x.longestRun > y.longestRun }
        if x.exercise != y.exercise { return x.exercise < y.exercise }
        if x.a.owner != y.a.owner { return StudentName(x.a.owner) < StudentName(y.a.owner) }
        return StudentName(x.b.owner) < StudentName(y.b.owner)
    }

    /// Finds the regions of `file` inside k-grams `other` has too, and its longest run.
    /// `ids` are the index's ids of the file's k-grams (-1: the stub's), `other` the other
    /// file's k-grams as bits of their ids.
    static func mark(_ side: inout PairMatch.Side, in file: ComparedFile, ids: [Int32], against other: [UInt64]) {
        let prints = file.fingerprints
        var covered = [Bool](repeating: false, count: prints.kept.count)
        for (gram, id) in zip(prints.grams, ids) where id >= 0 && other[Int(id) >> 6] & (1 << UInt64(id & 63)) != 0 {
            for index in gram.at..<min(gram.at + gram.length, covered.count) { covered[index] = true }
        }
        var regions: [Range<Int>] = []
        var longest = 0
        var longestLines = 0...0
        var index = 0
        while index < covered.count {
            guard covered[index] else { index += 1; continue }
            // A run goes on while the tokens go forward in the file (the normaliser moves some:
            // an inlined function's body is read where it is called).
            let first = index
            index += 1
            while index < covered.count && covered[index] && prints.kept[index] >= prints.kept[index - 1] { index += 1 }
            let firstToken = file.tokens[prints.kept[first]], lastToken = file.tokens[prints.kept[index - 1]]
            regions.append(firstToken.start..<lastToken.end)
            if index - first > longest {
                longest = index - first
                longestLines = firstToken.line...lastToken.line
            }
        }
        side.regions = regions
        side.longestRun = longest
        side.longestRunLines = longestLines
    }
}
