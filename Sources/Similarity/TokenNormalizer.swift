/// What a file's tokens stand for when files are compared: the normalisation that makes
/// renaming, reformatting and small rewrites invisible.
///
/// 1. What a disguise adds without changing the code is dropped (``SmallRewrites``): access
///    modifiers and `final`, `self.` before a member, semicolons, statements that do
///    nothing, type annotations a value's type makes redundant, grouping parentheses.
/// 2. What a disguise swaps for its equivalent is written one way: `a = a + b` as `a += b`,
///    `guard c else` and `if !c` as `if c`, `Type.member` as `.member`; `for`, `while` and
///    `repeat` are one loop keyword.
/// 3. What a copier restructures by hand without changing the algorithm is written one way
///    (``Restructuring``): a single-use helper or constant read where it is used, the rest
///    of a block after an `if` that leaves as its `else`, `&&` as `,`, a comparison as its
///    negation's, the blocks of an `if`/`else` in one order.
/// 4. Every name the file declares is `id` (``DeclaredNames``), every literal number `num`,
///    every string `str`: renaming and rewording change nothing. Names the file does not
///    declare (Combine's, the standard library's, the library's) and the protocol
///    requirements stay themselves: they say what the code does with Combine, and two
///    solutions that call different parts of it are different solutions. An argument's label
///    is a placeholder only where the file declares it as a label.
/// 5. Keywords, operators and punctuation stay themselves: they are the code's shape.
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
        let names = DeclaredNames(lexemes)
        let declared = names.all
        SmallRewrites.dropNoise(&lexemes)
        SmallRewrites.dropRedundantAnnotations(&lexemes)
        SmallRewrites.dropStatementsThatDoNothing(&lexemes)
        SmallRewrites.dropGroupingParentheses(&lexemes)
        SmallRewrites.compoundAssignments(&lexemes)
        Restructuring.parameterNames(&lexemes)
        Restructuring.shorthandBindings(&lexemes)
        Restructuring.inlineSingleUse(&lexemes, keeping: kept)
        Restructuring.singleUseConstants(&lexemes)
        SmallRewrites.conditionsWithoutNegation(&lexemes)
        Restructuring.conditions(&lexemes)
        Restructuring.earlyExits(&lexemes)
        SmallRewrites.unqualifiedMembers(&lexemes)
        // For each open bracket, whether it is a `(`: a name right after one, or after a
        // comma inside one, and before a colon, is an argument's label.
        var parentheses: [Bool] = []
        var index = -1
        while index + 1 < lexemes.count {
            index += 1
            let lexeme = lexemes[index]
            if lexeme.is(.openParen) || lexeme.is(.openBracket) || lexeme.is(.open) {
                parentheses.append(lexeme.is(.openParen))
            } else if lexeme.is(.closeParen) || lexeme.is(.closeBracket) || lexeme.is(.close) {
                _ = parentheses.popLast()
            }
            switch lexeme.kind {
            case .identifier:
                let isLabel = parentheses.last == true && Restructuring.isLabel(index, in: lexemes)
                if declared.contains(lexeme.symbol) && !kept.contains(lexeme.symbol) && !DeclaredNames.requirements.contains(lexeme.symbol)
                    && (!isLabel || names.labels.contains(lexeme.symbol)) {
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
        Restructuring.branchOrder(&lexemes)
        return lexemes
    }
}

