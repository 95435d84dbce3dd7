/// One token of a Swift file, as the similarity checker sees it: where it is in the file's
/// bytes, on which line, and the symbol it stands for once names and literals are
/// normalised (``TokenNormalizer``).
struct SwiftToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case identifier, keyword, number, string, `operator`, punctuation, attribute, directive
    }

    var kind: Kind
    /// The bytes `start..<end` of the file.
    var start: Int
    var end: Int
    /// 1-based.
    var line: Int
}
