/// The rewrites that change nothing a program does, undone before files are compared: each
/// pass takes the lexemes of a file and writes every such spelling one way.
///
/// These are what a mechanical disguise does (and what a student does by habit): each one
/// alone moves few tokens, but a disguise that applies one after every statement leaves no
/// run of eight tokens as it was. Each pass is one loop over the lexemes, with no recursion
/// and a bounded look-ahead, so any file, however hostile, costs time linear in its size.
/// A pass meets code that does not compile as it meets any other: it rewrites what it
/// recognises and keeps the rest.
enum SmallRewrites {
    static let dropped: Set<UInt64> = Set(["private", "fileprivate", "internal", "public", "open", "final"].map(Fingerprints.hash))
    static let accessModifiers: Set<UInt64> = Set(["private", "fileprivate", "internal", "public", "open"].map(Fingerprints.hash))
    /// Binary operators that have a compound assignment, with its symbol (`+` and `+=`).
    static let compoundable: [UInt64: UInt64] = Dictionary(uniqueKeysWithValues: ["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "&+", "&-", "&*"].map {
        (Fingerprints.hash($0), Fingerprints.hash($0 + "="))
    })
    /// Keywords after which a `(` is a call's or a declaration's, not a grouping.
    static let callees: Set<UInt64> = Set(["init", "self", "Self", "super", "subscript", "set", "get", "some", "any"].map(Fingerprints.hash))
    /// Tokens after which a `!` is the logical not, not a force unwrap.
    static let beforePrefix: Set<UInt64> = Set(["if", "guard", "while", "return", "(", ",", "{", "[", ":", "in", "else", "?"].map(Fingerprints.hash))

    // MARK: What a disguise adds

    /// Drops access modifiers (and `(set)` after one), `final`, semicolons, and `self.`
    /// before a member.
    static func dropNoise(_ lexemes: inout [Lexeme]) {
        var kept: [Lexeme] = []
        kept.reserveCapacity(lexemes.count)
        var index = 0
        while index < lexemes.count {
            let lexeme = lexemes[index]
            defer { index += 1 }
            if lexeme.kind == .keyword && dropped.contains(lexeme.symbol) {
                if accessModifiers.contains(lexeme.symbol), index + 3 < lexemes.count, lexemes[index + 1].is(.openParen), lexemes[index + 3].is(.closeParen) {
                    index += 3  // `private(set)`
                }
                continue
            }
            if lexeme.kind == .punctuation && lexeme.is(.semicolon) { continue }
            if lexeme.is(.selfKeyword), index + 1 < lexemes.count, lexemes[index + 1].is(.dot), kept.last?.is(.dot) != true {
                index += 1  // `self.` before a member: both go
                continue
            }
            kept.append(lexeme)
        }
        lexemes = kept
    }

    /// Drops a type annotation that an initial value makes redundant: `let x: Int = 0` is
    /// `let x = 0`. (An annotation without a value, a stored property's, stays.) And `var x:
    /// T? = nil` is `var x: T?`: an optional variable starts as nil without being told.
    static func dropRedundantAnnotations(_ lexemes: inout [Lexeme]) {
        var remove = [Bool](repeating: false, count: lexemes.count)
        var index = 0
        while index + 3 < lexemes.count {
            defer { index += 1 }
            guard lexemes[index].is(.letKeyword) || lexemes[index].is(.varKeyword),
                  lexemes[index + 1].kind == .identifier, lexemes[index + 2].is(.colon) else { continue }
            var depth = 0
            var end = index + 3
            while end < lexemes.count, end < index + 64 {
                let lexeme = lexemes[end]
                if lexeme.is(.openParen) || lexeme.is(.openBracket) || lexeme.is(.less) { depth += 1 }
                else if lexeme.is(.closeParen) || lexeme.is(.closeBracket) || lexeme.closedAngles > 0 { depth -= max(1, lexeme.closedAngles) }
                else if depth == 0 && (lexeme.is(.open) || lexeme.is(.close) || lexeme.line != lexemes[index].line) { break }
                if depth == 0 && lexeme.is(.equals), lexemes[index].is(.varKeyword), end + 1 < lexemes.count, lexemes[end + 1].is(.nilKeyword),
                   lexemes[end - 1].is(.question) || lexemes[end - 1].symbol == Spelling.optionalAngle.hash,
                   end + 2 >= lexemes.count || lexemes[end + 2].line != lexeme.line || lexemes[end + 2].is(.close) {
                    // `var x: T? = nil` is `var x: T?`: an optional variable starts as nil.
                    remove[end] = true
                    remove[end + 1] = true
                    index = end
                    break
                }
                if depth == 0 && lexeme.is(.equals) {
                    for i in (index + 2)..<end { remove[i] = true }
                    index = end - 1
                    break
                }
                if depth < 0 { break }
                end += 1
            }
        }
        removeMarked(&lexemes, remove)
    }

    /// Drops statements that cannot change what the program does (Sağlam et al., "Automated
    /// Detection of AI-Obfuscated Plagiarism… token-sequence normalisation", ICSE 2024: dead
    /// code is what a disguise inserts):
    /// - `_ = expression` and `let _ = expression` with no call in the expression;
    /// - a constant or variable that is never read, set from an expression without a call,
    ///   with every statement that only writes it (`spare += 1`);
    /// - `if false { … }` and `while false { … }`.
    ///
    /// A statement with a call might do something, so it stays. Twice over: a statement
    /// dropped can leave another name unread.
    static func dropStatementsThatDoNothing(_ lexemes: inout [Lexeme]) {
        for _ in 0..<2 {
            guard dropDeadStatementsOnce(&lexemes) else { return }
        }
    }

    static let assignments: Set<UInt64> = Set(["=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="].map(Fingerprints.hash))

    /// Whether it dropped anything.
    private static func dropDeadStatementsOnce(_ lexemes: inout [Lexeme]) -> Bool {
        // The names declared with a value (`let x = …`, `var x = …`): the only ones that can be dead.
        var candidates: Set<UInt64> = []
        for index in lexemes.indices where index + 2 < lexemes.count && (lexemes[index].is(.letKeyword) || lexemes[index].is(.varKeyword))
            && lexemes[index + 1].kind == .identifier && lexemes[index + 2].is(.equals) {
            candidates.insert(lexemes[index + 1].symbol)
        }
        // Dead: never read, that is, never but declared (after `let` or `var`) or written
        // (before an assignment).
        var dead = candidates
        for (index, lexeme) in lexemes.enumerated() where lexeme.kind == .identifier && dead.contains(lexeme.symbol) {
            let declared = index > 0 && (lexemes[index - 1].is(.letKeyword) || lexemes[index - 1].is(.varKeyword))
            let written = index + 1 < lexemes.count && lexemes[index + 1].kind == .operator && assignments.contains(lexemes[index + 1].symbol)
                && (index == 0 || !lexemes[index - 1].is(.dot))
            if !declared && !written { dead.remove(lexeme.symbol) }
        }
        let hasUnderscore = lexemes.contains { $0.is(.underscore) || $0.is(.falseKeyword) }
        guard !dead.isEmpty || hasUnderscore else { return false }
        var remove = [Bool](repeating: false, count: lexemes.count)
        var index = 0
        while index < lexemes.count {
            let lexeme = lexemes[index]
            var start = index, valueStart: Int?
            if lexeme.is(.underscore), index + 1 < lexemes.count, lexemes[index + 1].is(.equals) {
                if index > 0, lexemes[index - 1].is(.letKeyword) || lexemes[index - 1].is(.varKeyword) { start = index - 1 }
                else if index > 0, !startsStatement(at: index, in: lexemes) { index += 1; continue }
                valueStart = index + 1
            } else if lexeme.is(.letKeyword) || lexeme.is(.varKeyword), index + 2 < lexemes.count, dead.contains(lexemes[index + 1].symbol),
                      lexemes[index + 1].kind == .identifier, lexemes[index + 2].is(.equals), startsStatement(at: index, in: lexemes) {
                valueStart = index + 2
            } else if lexeme.kind == .identifier, dead.contains(lexeme.symbol), index + 1 < lexemes.count, lexemes[index + 1].kind == .operator,
                      assignments.contains(lexemes[index + 1].symbol), startsStatement(at: index, in: lexemes) {
                valueStart = index + 1
            } else if lexeme.is(.ifKeyword) || lexeme.is(.whileKeyword), index + 2 < lexemes.count, lexemes[index + 1].is(.falseKeyword),
                      lexemes[index + 2].is(.open), let end = matching(from: index + 2, in: lexemes),
                      !(end + 1 < lexemes.count && lexemes[end + 1].is(.elseKeyword)) {
                for i in index...end { remove[i] = true }
                index = end + 1
                continue
            }
            if let valueStart {
                let end = statementEnd(from: valueStart + 1, in: lexemes)
                if valueStart + 1 < end, end < valueStart + 1 + longestStatement, !hasCall(lexemes[(valueStart + 1)..<end]) {
                    for i in start..<end { remove[i] = true }
                    index = end
                    continue
                }
            }
            index += 1
        }
        guard remove.contains(true) else { return false }
        removeMarked(&lexemes, remove)
        return true
    }

    // MARK: What a disguise swaps for its equivalent

    /// `a = a + b` as `a += b`, for every binary operator with a compound assignment; the
    /// left side is a name, a member chain or a subscript.
    static func compoundAssignments(_ lexemes: inout [Lexeme]) {
        var remove = [Bool](repeating: false, count: lexemes.count)
        for index in lexemes.indices where lexemes[index].kind == .operator && lexemes[index].is(.equals) {
            // The left side: back over names, dots and balanced subscripts.
            var first = index
            while first > 0, lexemes[first - 1].line == lexemes[index].line {
                let previous = lexemes[first - 1]
                if previous.kind == .identifier || previous.is(.dot) {
                    first -= 1
                } else if previous.is(.closeBracket), let open = matchingBackwards(from: first - 1, in: lexemes), index - open < 32 {
                    first = open
                } else {
                    break
                }
            }
            let length = index - first
            guard length > 0, length < 32, lexemes[first].kind == .identifier, index + length + 2 < lexemes.count else { continue }
            guard (0..<length).allSatisfy({ lexemes[first + $0].symbol == lexemes[index + 1 + $0].symbol }) else { continue }
            let operation = lexemes[index + 1 + length]
            guard operation.kind == .operator, let compound = compoundable[operation.symbol] else { continue }
            lexemes[index].symbol = compound
            for i in (index + 1)...(index + 1 + length) { remove[i] = true }
        }
        removeMarked(&lexemes, remove)
    }

    /// `guard c else { … }` and `if !c { … }` both as `if c { … }`: `guard` is `if`, its
    /// `else` goes, and so does every logical not (`!x`, never the force unwrap `x!`).
    static func conditionsWithoutNegation(_ lexemes: inout [Lexeme]) {
        var kept: [Lexeme] = []
        kept.reserveCapacity(lexemes.count)
        var depth = 0
        var guards: [Int] = []  // the brace depth of each guard whose `else` is still to come
        for var lexeme in lexemes {
            if lexeme.is(.open) { depth += 1 } else if lexeme.is(.close) { depth -= 1 }
            if lexeme.kind == .keyword && lexeme.is(.guardKeyword) {
                lexeme.symbol = Spelling.ifKeyword.hash
                guards.append(depth)
            } else if lexeme.kind == .keyword && lexeme.is(.elseKeyword), guards.last == depth {
                guards.removeLast()
                continue
            } else if lexeme.kind == .operator && lexeme.is(.bang), let previous = kept.last,
                      previous.kind == .operator || beforePrefix.contains(previous.symbol) {
                continue
            }
            while let last = guards.last, last > depth { guards.removeLast() }
            kept.append(lexeme)
        }
        lexemes = kept
    }

    /// `Type.member` as `.member`, when the type is written out: `State.idle`,
    /// `Subscribers.Demand.max(1)` and `Subscriptions.empty` are `.idle`, `.max(1)` and
    /// `.empty`, as the type's inference lets a student write them.
    static func unqualifiedMembers(_ lexemes: inout [Lexeme]) {
        var remove = [Bool](repeating: false, count: lexemes.count)
        var index = 0
        while index + 2 < lexemes.count {
            defer { index += 1 }
            guard lexemes[index].kind == .identifier, lexemes[index].isCapitalized,
                  index == 0 || !lexemes[index - 1].is(.dot) else { continue }
            var member = index
            while member + 2 < lexemes.count, lexemes[member].kind == .identifier, lexemes[member].isCapitalized, lexemes[member + 1].is(.dot) {
                member += 2
            }
            guard member > index, lexemes[member].kind == .identifier, !lexemes[member].isCapitalized else { continue }
            for i in index..<(member - 1) { remove[i] = true }
            index = member
        }
        removeMarked(&lexemes, remove)
    }

    /// Drops parentheses that only group: `a + (b)`, `if (c)`, `return (x)`. A `(` after a
    /// name, a closing bracket, a generic argument list or `init` is a call's or a
    /// declaration's and stays, with its `)`.
    static func dropGroupingParentheses(_ lexemes: inout [Lexeme]) {
        var remove = [Bool](repeating: false, count: lexemes.count)
        var open: [Bool] = []  // for each open parenthesis: does it only group?
        for index in lexemes.indices {
            let lexeme = lexemes[index]
            if lexeme.is(.openParen) {
                let groups: Bool
                if index == 0 {
                    groups = true
                } else {
                    let previous = lexemes[index - 1]
                    switch previous.kind {
                    case .identifier, .string, .number, .attribute, .directive:
                        groups = false
                    case .keyword:
                        groups = !callees.contains(previous.symbol)
                    case .punctuation:
                        groups = !(previous.is(.closeParen) || previous.is(.closeBracket))
                    case .operator:
                        // `f?(x)` and `f!(x)` call; `!(x)` is a logical not of a group.
                        let postfix = (previous.is(.question) || previous.is(.bang)) && index >= 2
                            && (lexemes[index - 2].kind == .identifier || lexemes[index - 2].is(.closeParen) || lexemes[index - 2].is(.closeBracket))
                        groups = !(previous.is(.greater) || postfix)
                    }
                }
                open.append(groups)
                remove[index] = groups
            } else if lexeme.is(.closeParen), let groups = open.popLast() {
                remove[index] = groups
            }
        }
        removeMarked(&lexemes, remove)
    }

    // MARK: Helpers

    /// Removes the lexemes marked in `remove`, in place.
    static func removeMarked(_ lexemes: inout [Lexeme], _ remove: [Bool]) {
        var kept = 0, index = 0
        while index < lexemes.count {
            if !remove[index] {
                if kept != index { lexemes[kept] = lexemes[index] }
                kept += 1
            }
            index += 1
        }
        lexemes.removeLast(lexemes.count - kept)
    }

    /// Whether a statement may start at `index`: first on its line, or after `{`, `}` or `;`.
    static func startsStatement(at index: Int, in lexemes: [Lexeme]) -> Bool {
        guard index > 0 else { return true }
        let previous = lexemes[index - 1]
        return previous.line < lexemes[index].line || previous.is(.open) || previous.is(.close) || previous.is(.semicolon)
    }

    /// The longest statement the passes look at, in lexemes: past it, a statement is taken as
    /// one that does something, so that no file makes a pass quadratic.
    static let longestStatement = 256

    /// The index just past the statement that goes on at `start`: before the `}` that closes
    /// its block, a `;`, or the first token of a later line that does not carry it on; or
    /// ``longestStatement`` lexemes on, for the caller to see it as too long to drop.
    static func statementEnd(from start: Int, in lexemes: [Lexeme]) -> Int {
        var depth = 0
        var index = start
        while index < lexemes.count && index < start + longestStatement {
            let lexeme = lexemes[index]
            if lexeme.is(.open) || lexeme.is(.openParen) || lexeme.is(.openBracket) {
                depth += 1
            } else if lexeme.is(.close) || lexeme.is(.closeParen) || lexeme.is(.closeBracket) {
                if depth == 0 { return index }
                depth -= 1
            } else if depth == 0 && lexeme.is(.semicolon) {
                return index
            }
            // (A closing bracket on a line of its own ends what it closes, never a statement.)
            if depth == 0, index > start, lexeme.line > lexemes[index - 1].line,
               !(lexeme.is(.close) || lexeme.is(.closeParen) || lexeme.is(.closeBracket)) {
                let previous = lexemes[index - 1]
                let carriedOn = previous.kind == .operator || previous.is(.comma) || lexeme.is(.dot) || (lexeme.kind == .operator && !lexeme.is(.bang))
                if !carriedOn { return index }
            }
            index += 1
        }
        return index
    }

    /// Whether an expression calls something: a `(` or `{` after a name or a closing bracket.
    static func hasCall(_ expression: ArraySlice<Lexeme>) -> Bool {
        var previous: Lexeme?
        for lexeme in expression {
            if lexeme.is(.open) { return true }
            if lexeme.is(.openParen), let previous, previous.kind == .identifier || previous.is(.closeParen) || previous.is(.closeBracket)
                || previous.is(.greater) || previous.kind == .keyword {
                return true
            }
            if lexeme.kind == .keyword && (lexeme.symbol == Fingerprints.hash("try") || lexeme.symbol == Fingerprints.hash("await")) { return true }
            previous = lexeme
        }
        return false
    }

    /// The index of the `}` that closes the `{` at `open`, within four longest statements.
    static func matching(from open: Int, in lexemes: [Lexeme]) -> Int? {
        var depth = 0
        for index in open..<min(lexemes.count, open + 4 * longestStatement) {
            if lexemes[index].is(.open) { depth += 1 } else if lexemes[index].is(.close) { depth -= 1; if depth == 0 { return index } }
        }
        return nil
    }

    /// The index of the `[` that opens the `]` at `close`, within 32 lexemes.
    static func matchingBackwards(from close: Int, in lexemes: [Lexeme]) -> Int? {
        var depth = 0
        var index = close
        while index >= 0 && index > close - 32 {
            if lexemes[index].is(.closeBracket) { depth += 1 } else if lexemes[index].is(.openBracket) { depth -= 1; if depth == 0 { return index } }
            index -= 1
        }
        return nil
    }
}
