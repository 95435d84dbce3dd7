import Foundation

/// One file compared: a student's exercise file, a reference solution, or a solution known
/// to be published.
struct ComparedFile: Sendable {
    typealias Kind = SimilarityInput.Kind

    var kind: Kind
    /// Who handed it in: the student's folder's name exactly (``StudentName``); for a
    /// reference or published solution, its path as given.
    var owner: String
    /// Where it is, as reports show it: `Exercises/Countdown.swift`, or the path.
    var path: String
    var text: [UInt8]
    var tokens: [SwiftToken]
    var fingerprints: Fingerprints

    init(kind: Kind, owner: String, path: String, text: [UInt8], parameters: Fingerprints.Parameters) {
        self.kind = kind
        self.owner = owner
        self.path = path
        self.text = text
        tokens = SwiftTokenizer.tokens(of: text)
        fingerprints = Fingerprints(tokens: tokens, text: text, parameters: parameters)
    }
}
