import Foundation

/// One file compared: a student's exercise file, a reference solution, or a solution known
/// to be published, with its tokens and fingerprints (the stub's k-grams taken out).
///
/// A class, so that the comparison passes files around without copying their arrays.
final class ComparedFile: Sendable {
    typealias Kind = SimilarityInput.Kind

    let kind: Kind
    /// Who handed it in: the student's folder's name exactly (``StudentName``); for a
    /// reference or published solution, its path as given.
    let owner: String
    /// Where it is, as reports show it: `Exercises/Countdown.swift`, or the path.
    let path: String
    let text: [UInt8]
    let tokens: [SwiftToken]
    let fingerprints: Fingerprints

    init(kind: Kind, owner: String, path: String, text: [UInt8], parameters: Fingerprints.Parameters, base: Set<UInt64> = [], keeping names: Set<UInt64> = []) {
        self.kind = kind
        self.owner = owner
        self.path = path
        self.text = text
        tokens = SwiftTokenizer.tokens(of: text)
        var fingerprints = Fingerprints(tokens: tokens, text: text, parameters: parameters, keeping: names)
        if !base.isEmpty {
            fingerprints.all.subtract(base)
            fingerprints.selected.removeAll { base.contains($0) }
        }
        self.fingerprints = fingerprints
    }
}
