/// One file's fingerprints: hashes of its k-grams of normalised tokens, and the ones
/// winnowing selects (Schleimer, Wilkerson and Aiken, "Winnowing: Local Algorithms for
/// Document Fingerprinting", SIGMOD 2003, the method of MOSS).
///
/// The tokens are cut into declarations first (``segments(of:)``): each function, property
/// and type at the top level or inside a type's body is a segment of its own, and no k-gram
/// crosses from one to the next. Reordering a file's declarations therefore changes none of
/// its k-grams, and the files are compared as sets of fingerprints, never as sequences.
struct Fingerprints: Sendable {
    /// The tokens of the file that count (``TokenNormalizer`` drops some): indices into
    /// the file's tokens.
    var kept: [Int] = []
    /// Every k-gram: its hash, its first token's index in `kept`, and its length in tokens.
    var grams: [(hash: UInt64, at: Int, length: Int)] = []
    /// The hashes winnowing selects, each once, sorted.
    var selected: [UInt64] = []
    /// Every k-gram's hash.
    var all: Set<UInt64> = []

    struct Parameters: Sendable, Equatable {
        /// Tokens in a k-gram: a match shorter than this is never seen.
        var k = 8
        /// Winnowing's window: a match of at least `k + window - 1` tokens is always seen.
        var window = 4
        /// A declaration shorter than `k` tokens is one k-gram of its own when it has at
        /// least this many (a stored property, a one-line function).
        var shortest = 5
    }

    init() {}

    init(tokens: [SwiftToken], text: [UInt8], parameters: Parameters, keeping names: Set<UInt64> = []) {
        let lexemes = TokenNormalizer.symbols(of: tokens, in: text, keeping: names)
        kept.reserveCapacity(lexemes.count)
        var hashes: [UInt64] = []
        hashes.reserveCapacity(lexemes.count)
        var attributes: [Bool] = []
        attributes.reserveCapacity(lexemes.count)
        for lexeme in lexemes {
            kept.append(Int(lexeme.token))
            hashes.append(lexeme.symbol)
            attributes.append(lexeme.kind == .attribute)
        }
        let k = parameters.k
        for segment in Self.segments(of: hashes, attributes: attributes) {
            let start = grams.count
            if segment.count >= k {
                for first in segment.lowerBound...(segment.upperBound - k) {
                    grams.append((Self.hash(hashes[first..<(first + k)]), first, k))
                }
            } else if segment.count >= parameters.shortest {
                grams.append((Self.hash(hashes[segment]) ^ 0x9E37_79B9_7F4A_7C15, segment.lowerBound, segment.count))
            }
            Self.winnow(grams[start...].map(\.hash), window: parameters.window) { selected.append($0) }
        }
        all = Set(grams.map(\.hash))
        selected = Array(Set(selected)).sorted()
    }

    /// The declarations of a file: the ranges of `symbols` that make up each function,
    /// property, initializer and type at the top level or directly inside a type's body
    /// (an `extension`, `class`, `struct`, `enum`, `protocol`, `actor`), their attributes and
    /// modifiers included. What is inside a function stays in its function's segment.
    static func segments(of symbols: [UInt64], attributes: [Bool]) -> [Range<Int>] {
        // For each open brace: does it open a type's body? (An array, not recursion: any depth is fine.)
        var braces: [Bool] = []
        var typeHeadPending = false
        var starts: [Int] = [0]
        for (index, symbol) in symbols.enumerated() {
            switch symbol {
            case Symbols.open:
                braces.append(typeHeadPending)
                typeHeadPending = false
            case Symbols.close:
                _ = braces.popLast()
                typeHeadPending = false
            default:
                let next = index + 1 < symbols.count ? symbols[index + 1] : 0
                let previous = index > 0 ? symbols[index - 1] : 0
                let isDeclaration = Symbols.declarations.contains(symbol) && previous != Symbols.dot
                    && !(symbol == Symbols.classKeyword && Symbols.declarations.contains(next))
                    && !(symbol == Symbols.caseKeyword && braces.last != true)
                if Symbols.types.contains(symbol) && isDeclaration { typeHeadPending = true }
                if isDeclaration && (braces.isEmpty || braces.last == true) {
                    var start = index
                    while start > starts.last! && (Symbols.modifiers.contains(symbols[start - 1]) || attributes[start - 1]) { start -= 1 }
                    if start > starts.last! { starts.append(start) }
                }
            }
        }
        starts.append(symbols.count)
        return zip(starts, starts.dropFirst()).map { $0..<$1 }.filter { !$0.isEmpty }
    }

    /// The symbols ``segments(of:attributes:)`` looks for, as hashes.
    enum Symbols {
        static let types = Set(["class", "struct", "enum", "extension", "protocol", "actor"].map(Fingerprints.hash))
        static let declarations = types.union(["func", "init", "deinit", "var", "let", "typealias", "subscript", "case"].map(Fingerprints.hash))
        static let modifiers = Set(["static", "override", "mutating", "lazy", "weak", "unowned", "convenience", "required",
                                    "nonisolated", "class", "(", ")", "set", "indirect"].map(Fingerprints.hash))
        static let open = Fingerprints.hash("{"), close = Fingerprints.hash("}"), dot = Fingerprints.hash(".")
        static let classKeyword = Fingerprints.hash("class"), caseKeyword = Fingerprints.hash("case")
    }

    /// Calls `select` with the hash winnowing picks in each window of `hashes`: the
    /// smallest, the rightmost of equal ones, each pick once in a row. A list shorter than
    /// a window gives its smallest.
    static func winnow(_ hashes: [UInt64], window: Int, select: (UInt64) -> Void) {
        guard !hashes.isEmpty else { return }
        guard hashes.count > window else { select(hashes.min()!); return }
        var lastPicked = -1
        for end in (window - 1)..<hashes.count {
            var best = end
            for i in stride(from: end, through: end - window + 1, by: -1) where hashes[i] < hashes[best] { best = i }
            if best != lastPicked {
                select(hashes[best])
                lastPicked = best
            }
        }
    }

    static func hash(_ symbol: String) -> UInt64 {
        hash(ArraySlice(symbol.utf8))
    }

    /// FNV-1a of a token's bytes.
    static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                h ^= UInt64(byte)
                h = h &* 0x0000_0100_0000_01B3
            }
        }
        return h
    }

    static func hash(_ symbols: ArraySlice<UInt64>) -> UInt64 {
        var h: UInt64 = 0x8422_2325_CBF2_9CE4
        for s in symbols {
            h = (h ^ s) &* 0x0000_0100_0000_01B3
            h ^= h >> 29
        }
        return h
    }
}
