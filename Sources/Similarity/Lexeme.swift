/// One token on its way to becoming a symbol of the comparison: its spelling as a hash, what
/// kind of token it is, and which token of the file it came from.
///
/// The normaliser (``TokenNormalizer``) works on an array of these: its passes drop some,
/// rewrite others, and finally replace names and literals by what they stand for. The token
/// index travels with each, so that whatever survives can still be shown in the file.
struct Lexeme: Equatable, Sendable {
    /// The hash of the spelling (``Fingerprints/hash(_:)-(String)``), a name's backticks left out.
    var symbol: UInt64
    var kind: SwiftToken.Kind
    /// Index of the token in the file's tokens.
    var token: Int32
    var line: Int32
    /// The spelling starts with an upper-case ASCII letter: a type's name, by Swift's custom.
    var isCapitalized: Bool

    /// The lexemes of `tokens`, one each.
    static func lexemes(of tokens: [SwiftToken], in text: [UInt8]) -> [Lexeme] {
        var lexemes: [Lexeme] = []
        lexemes.reserveCapacity(tokens.count)
        for (index, token) in tokens.enumerated() {
            var start = token.start, end = token.end
            if token.kind == .identifier, text[start] == UInt8(ascii: "`"), end - start >= 2, text[end - 1] == UInt8(ascii: "`") {
                start += 1
                end -= 1
            }
            let first = text[start]
            lexemes.append(Lexeme(symbol: Fingerprints.hash(text[start..<end]), kind: token.kind, token: Int32(index),
                                  line: Int32(clamping: token.line), isCapitalized: first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")))
        }
        return lexemes
    }

    func `is`(_ spelling: Spelling) -> Bool { symbol == spelling.hash }

    /// How many angle brackets it closes: `>` one, and so do the operators the tokenizer makes
    /// of a `>` and what follows it (`>?` in `Completion<Failure>?`, `>>` in `A<B<C>>`).
    var closedAngles: Int { Spelling.closingAngles[symbol] ?? 0 }
}

/// A spelling the normaliser looks for, hashed once.
struct Spelling: Sendable {
    let text: String
    let hash: UInt64

    init(_ text: String) {
        self.text = text
        hash = Fingerprints.hash(text)
    }

    static let open = Spelling("{"), close = Spelling("}"), openParen = Spelling("("), closeParen = Spelling(")")
    static let openBracket = Spelling("["), closeBracket = Spelling("]"), dot = Spelling("."), comma = Spelling(",")
    static let colon = Spelling(":"), semicolon = Spelling(";"), equals = Spelling("="), less = Spelling("<"), greater = Spelling(">")
    static let underscore = Spelling("_"), bang = Spelling("!"), question = Spelling("?"), arrow = Spelling("->")
    static let selfKeyword = Spelling("self"), letKeyword = Spelling("let"), varKeyword = Spelling("var"), inKeyword = Spelling("in")
    static let guardKeyword = Spelling("guard"), ifKeyword = Spelling("if"), elseKeyword = Spelling("else"), caseKeyword = Spelling("case")
    static let forKeyword = Spelling("for"), whileKeyword = Spelling("while"), enumKeyword = Spelling("enum"), funcKeyword = Spelling("func")
    static let falseKeyword = Spelling("false"), initKeyword = Spelling("init"), subscriptKeyword = Spelling("subscript")
    static let returnKeyword = Spelling("return"), continueKeyword = Spelling("continue"), breakKeyword = Spelling("break")
    static let throwKeyword = Spelling("throw"), switchKeyword = Spelling("switch"), repeatKeyword = Spelling("repeat")
    static let doKeyword = Spelling("do"), catchKeyword = Spelling("catch"), deinitKeyword = Spelling("deinit")
    static let getKeyword = Spelling("get"), setKeyword = Spelling("set"), willSetKeyword = Spelling("willSet"), didSetKeyword = Spelling("didSet")
    static let staticKeyword = Spelling("static"), overrideKeyword = Spelling("override"), mutatingKeyword = Spelling("mutating")
    static let classKeyword = Spelling("class"), nonisolatedKeyword = Spelling("nonisolated"), structKeyword = Spelling("struct")
    static let and = Spelling("&&"), or = Spelling("||"), optionalDot = Spelling("?.")
    static let closingAngles: [UInt64: Int] = Dictionary(uniqueKeysWithValues: [">", ">?", ">!", ">>", ">>?", ">>!", ">>>", ">>>?"].map {
        (Fingerprints.hash($0), $0.filter { $0 == ">" }.count)
    })
    static let nilKeyword = Spelling("nil"), optionalAngle = Spelling(">?")
    static let lessOrEqual = Spelling("<="), greaterOrEqual = Spelling(">="), notEqual = Spelling("!="), equalEqual = Spelling("==")
}
