/// What a file's tokens stand for when files are compared: the normalisation that makes
/// renaming, reformatting and small rewrites invisible.
///
/// 1. What a disguise adds without changing the code is dropped (``SmallRewrites``): access
///    modifiers and `final`, `self.` before a member, semicolons, statements that do
///    nothing, type annotations a value's type makes redundant, grouping parentheses.
/// 2. What a disguise swaps for its equivalent is written one way: `a = a + b` as `a += b`,
///    `guard c else` and `if !c` as `if c`, `Type.member` as `.member`; `for`, `while` and
///    `repeat` are one loop keyword.
/// 3. Every name the file declares is `id` (``DeclaredNames``), every literal number `num`,
///    every string `str`: renaming and rewording change nothing. Names the file does not
///    declare (Combine's, the standard library's, the library's) and the protocol
///    requirements stay themselves: they say what the code does with Combine, and two
///    solutions that call different parts of it are different solutions.
/// 4. Keywords, operators and punctuation stay themselves: they are the code's shape.
enum TokenNormalizer {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "protocol", "public", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is", "nil",
        "rethrows", "super", "self", "Self", "throw", "throws", "true", "try", "await", "async", "final", "lazy",
        "weak", "unowned", "mutating", "override", "convenience", "required", "some", "any", "actor", "nonisolated",
        "get", "set", "willSet", "didSet", "_",
    ]

    /// Written as one symbol.
    static let merged: [String: String] = ["for": "loop", "while": "loop", "repeat": "loop"]

    static let keywordHashes = Set(keywords.map(Fingerprints.hash))
    static let mergedHashes = Dictionary(uniqueKeysWithValues: merged.map { (Fingerprints.hash($0.key), Fingerprints.hash($0.value)) })
    static let identifier = Fingerprints.hash("id"), number = Fingerprints.hash("num"), string = Fingerprints.hash("str")

    static func isKeyword(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count <= 16 && keywordHashes.contains(Fingerprints.hash(bytes))
    }

    /// The symbols of a file's tokens that count, each with the index of its token.
    ///
    /// - Parameter kept: declared names that nevertheless stay themselves: the stub's
    ///   functions and types (its ``DeclaredNames/members``), besides the protocol
    ///   requirements every file keeps (``DeclaredNames/requirements``).
    static func symbols(of tokens: [SwiftToken], in text: [UInt8], keeping kept: Set<UInt64> = []) -> [Lexeme] {
        var lexemes = Lexeme.lexemes(of: tokens, in: text)
        let declared = DeclaredNames(lexemes).all
        SmallRewrites.dropNoise(&lexemes)
        SmallRewrites.dropRedundantAnnotations(&lexemes)
        SmallRewrites.dropStatementsThatDoNothing(&lexemes)
        SmallRewrites.dropGroupingParentheses(&lexemes)
        SmallRewrites.compoundAssignments(&lexemes)
        SmallRewrites.conditionsWithoutNegation(&lexemes)
        SmallRewrites.unqualifiedMembers(&lexemes)
        for index in lexemes.indices {
            let lexeme = lexemes[index]
            switch lexeme.kind {
            case .identifier:
                if declared.contains(lexeme.symbol) && !kept.contains(lexeme.symbol) && !DeclaredNames.requirements.contains(lexeme.symbol) {
                    lexemes[index].symbol = identifier
                }
            case .number:
                lexemes[index].symbol = number
            case .string:
                lexemes[index].symbol = string
            case .keyword:
                if let merged = mergedHashes[lexeme.symbol] { lexemes[index].symbol = merged }
            case .operator, .punctuation, .attribute, .directive:
                break
            }
        }
        return lexemes
    }
}
