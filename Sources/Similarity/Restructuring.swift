/// The rewrites of a file's structure that change nothing it does, undone before files are
/// compared: what a copier does by hand to a solution whose algorithm they keep (a helper
/// extracted or inlined, `guard` turned into `if`/`else`, a value named or not).
///
/// Each is a rewrite a compiler makes too, or one Swift defines as the same program:
/// - a function that returns nothing, declared in the file and called once, as a statement of
///   its own, is its body's statements there; a computed property whose body is one
///   expression, read once, is that expression (an optimiser's inlining of a single-use
///   helper; a helper called twice, a function passed as a value, the stub's functions and
///   the protocol requirements stay as they are);
/// - a constant read once, in the very next statement, is its value there (`let more = f()`
///   then `demand += more` is `demand += f()`; not when the read is in a closure, which may
///   run later, nor when another statement comes between, which may change the order of calls);
/// - `if let x` is `if let x = x` (SE-0345); a parameter's own name beside its label is the
///   writer's choice (`init(upstream source: P)` is `init(upstream: P)`);
/// - an `if` with no `else` whose block ends with `return`, `continue`, `break` or `throw` has
///   the rest of its enclosing block as its `else` (it runs exactly when the `if`'s block does
///   not); a `return` with no value (a `continue`) that ends the function (the loop's body)
///   anyway goes; `else if` is `else { if … }`; an empty block and its `else` go (`if c { }
///   else { b }` is `if c { b }` once negation is read away);
/// - in a condition, `a && b` is `a, b`; and since the normaliser reads `!c` as `c` (a copier
///   writes a condition either way round, with its blocks swapped), `a <= b` reads as `a > b`,
///   `a >= b` as `a < b`, `a != b` as `a == b`, and the two blocks of an `if`/`else` are put
///   in one order (``branchOrder(_:)``).
///
/// Like ``SmallRewrites``, each pass is a loop over the lexemes with bounded look-ahead: a
/// file, however hostile, costs time linear in its size (times a constant of the bounds).
enum Restructuring {
    /// The most lexemes a pass looks at for one declaration's head or one block it moves.
    static let longestBlock = 4 * SmallRewrites.longestStatement

    // MARK: Before names are placeholders (the passes compare names)

    /// `if let x`, `guard let x`, `while let x` (SE-0345) as `… let x = x`: the shorthand
    /// binds the same name to the same value, and written out, a binding renamed
    /// (`if let y = x`) reads the same once names are placeholders.
    static func shorthandBindings(_ lexemes: inout [Lexeme]) {
        var insertAfter: [Int] = []
        var index = -1
        while index + 1 < lexemes.count {
            index += 1
            guard index > 0 && index + 2 < lexemes.count else { continue }
            let lexeme = lexemes[index]
            guard lexeme.kind == .keyword, lexeme.is(.letKeyword) || lexeme.is(.varKeyword) else { continue }
            let before = lexemes[index - 1]
            guard before.is(.ifKeyword) || before.is(.guardKeyword) || before.is(.whileKeyword) || before.is(.comma), lexemes[index + 1].kind == .identifier else { continue }
            let after = lexemes[index + 2]
            guard after.is(.comma) || after.is(.open) || after.is(.elseKeyword) else { continue }
            insertAfter.append(index + 1)
        }
        guard !insertAfter.isEmpty else { return }
        var result: [Lexeme] = []
        result.reserveCapacity(lexemes.count + 2 * insertAfter.count)
        var next = 0
        index = -1
        while index + 1 < lexemes.count {
            index += 1
            let lexeme = lexemes[index]
            result.append(lexeme)
            if next < insertAfter.count, insertAfter[next] == index {
                var equals = lexeme
                equals.symbol = Spelling.equals.hash
                equals.kind = .operator
                result.append(equals)
                result.append(lexeme)
                next += 1
            }
        }
        lexemes = result
    }

    /// A parameter's name when it has a label of its own: `init(upstream source: P)` is
    /// `init(upstream: P)`, since the name inside the function is the writer's choice. (Not
    /// `_ name:`, whose name is all the parameter has.)
    static func parameterNames(_ lexemes: inout [Lexeme]) {
        let parens = matches(lexemes, .openParen, .closeParen)
        var remove = [Bool](repeating: false, count: lexemes.count)
        var index = -1
        while index + 1 < lexemes.count {
            index += 1
            guard lexemes[index].kind == .keyword && (lexemes[index].is(.funcKeyword) || lexemes[index].is(.initKeyword) || lexemes[index].is(.subscriptKeyword)) else { continue }
            // The parameter list: the first `(` within a few lexemes (past a name and generics).
            var open = index + 1
            while open < lexemes.count, open < index + 32, !lexemes[open].is(.openParen), !lexemes[open].is(.open) { open += 1 }
            guard open < lexemes.count, lexemes[open].is(.openParen), parens[open] > open else { continue }
            let close = Int(parens[open])
            var depth = 0
            for i in open..<min(close, open + 2 * SmallRewrites.longestStatement) {
                let lexeme = lexemes[i]
                if lexeme.is(.openParen) || lexeme.is(.openBracket) || lexeme.is(.less) { depth += 1 }
                else if lexeme.is(.closeParen) || lexeme.is(.closeBracket) || lexeme.closedAngles > 0 { depth -= max(1, lexeme.closedAngles) }
                if depth == 1, lexeme.is(.openParen) || lexeme.is(.comma), i + 3 < lexemes.count, lexemes[i + 1].kind == .identifier,
                   lexemes[i + 2].kind == .identifier, lexemes[i + 3].is(.colon) {
                    remove[i + 2] = true
                }
            }
        }
        SmallRewrites.removeMarked(&lexemes, remove)
    }

    /// A constant read once, in the very next statement, as its value there: `let more =
    /// s.receive(v)` then `demand += more` is `demand += s.receive(v)`. (Not when the read is
    /// inside a closure of that statement, which may run later.)
    static func singleUseConstants(_ lexemes: inout [Lexeme]) {
        for _ in 0..<2 {
            guard singleUseConstantsOnce(&lexemes) else { return }
        }
    }

    private static func singleUseConstantsOnce(_ lexemes: inout [Lexeme]) -> Bool {
        let count = lexemes.count
        // The names of constants declared with a value: the only ones this can rewrite.
        let letHash = Spelling.letKeyword.hash, equalsHash = Spelling.equals.hash, dotHash = Spelling.dot.hash
        var names: Set<UInt64> = []
        var index = 0
        while index + 2 < count {
            if lexemes[index].symbol == letHash && lexemes[index + 2].symbol == equalsHash && lexemes[index + 1].kind == .identifier {
                names.insert(lexemes[index + 1].symbol)
            }
            index += 1
        }
        guard !names.isEmpty else { return false }
        let braces = matches(lexemes, .open, .close)
        // Where each of them is read: not after a dot, not as an argument's label.
        var reads: [UInt64: [Int32]] = [:]
        index = 0
        while index < count {
            let lexeme = lexemes[index]
            if lexeme.kind == .identifier, names.contains(lexeme.symbol), !(index > 0 && lexemes[index - 1].symbol == dotHash), !isLabel(index, in: lexemes) {
                reads[lexeme.symbol, default: []].append(Int32(index))
            }
            index += 1
        }
        var blockEnds: [Int] = []
        var edits: [(declaration: Range<Int>, value: Range<Int>, read: Int)] = []
        var blockedUntil = 0
        let openHash = Spelling.open.hash, closeHash = Spelling.close.hash
        index = -1
        while index + 1 < count {
            index += 1
            let lexeme = lexemes[index]
            if lexeme.symbol == openHash { blockEnds.append(braces[index] > index ? Int(braces[index]) : count) }
            if lexeme.symbol == closeHash { _ = blockEnds.popLast() }
            guard index >= blockedUntil, index + 3 < count, lexeme.symbol == letHash, lexeme.kind == .keyword,
                  lexemes[index + 1].kind == .identifier, lexemes[index + 2].is(.equals),
                  SmallRewrites.startsStatement(at: index, in: lexemes) else { continue }
            let end = SmallRewrites.statementEnd(from: index + 3, in: lexemes)
            guard end > index + 3, end < index + 3 + SmallRewrites.longestStatement, end < count, !lexemes[end].is(.close) else { continue }
            let next = SmallRewrites.statementEnd(from: end, in: lexemes)
            guard next > end, next < end + SmallRewrites.longestStatement else { continue }
            let blockEnd = blockEnds.last ?? count
            guard let positions = reads[lexemes[index + 1].symbol] else { continue }
            let after = lowerBound(positions, index + 2), before = lowerBound(positions, blockEnd)
            guard before - after == 1 else { continue }
            let read = Int(positions[after])
            guard read >= end, read < next, !lexemes[end..<read].contains(where: { $0.is(.open) }) else { continue }
            edits.append((index..<end, (index + 3)..<end, read))
            blockedUntil = next
        }
        guard !edits.isEmpty else { return false }
        var result: [Lexeme] = []
        result.reserveCapacity(count)
        var edit = 0
        index = 0
        var values: [Int: Range<Int>] = [:]
        for e in edits { values[e.read] = e.value }
        while index < count {
            if edit < edits.count, edits[edit].declaration.lowerBound == index {
                index = edits[edit].declaration.upperBound
                edit += 1
                continue
            }
            if let value = values[index] {
                result.append(contentsOf: lexemes[value])
            } else {
                result.append(lexemes[index])
            }
            index += 1
        }
        lexemes = result
        return true
    }

    static let declarationKeywords: [Spelling] = [.funcKeyword, .varKeyword, .letKeyword, .caseKeyword, .enumKeyword, .classKeyword]
    static let declarationModifiers: [Spelling] = [.staticKeyword, .overrideKeyword, .mutatingKeyword, .classKeyword, .nonisolatedKeyword]

    /// A function or computed property the file declares and uses once, as its body where it
    /// is used: a function that returns nothing, called once as a statement of its own (never
    /// passed as a value, never with a trailing closure, never recursive), is its body's
    /// statements in place of the call; a computed property whose body is one expression, read
    /// once, is that expression in place of the read. The stub's functions and the protocol
    /// requirements are never inlined: the check calls them.
    static func inlineSingleUse(_ lexemes: inout [Lexeme], keeping kept: Set<UInt64>) {
        for _ in 0..<4 {
            guard inlineSingleUseOnce(&lexemes, keeping: kept) else { return }
        }
    }

    private static func inlineSingleUseOnce(_ lexemes: inout [Lexeme], keeping kept: Set<UInt64>) -> Bool {
        let count = lexemes.count
        // The names declared after `func` or `var`: the only ones this can inline.
        let funcHash = Spelling.funcKeyword.hash, varHash = Spelling.varKeyword.hash
        var names: Set<UInt64> = []
        var index = 0
        while index + 1 < count {
            let symbol = lexemes[index].symbol
            if (symbol == funcHash || symbol == varHash) && lexemes[index + 1].kind == .identifier && !kept.contains(lexemes[index + 1].symbol) {
                names.insert(lexemes[index + 1].symbol)
            }
            index += 1
        }
        guard !names.isEmpty else { return false }
        var occurrences: [UInt64: (count: Int, first: Int, last: Int)] = [:]
        index = 0
        while index < count {
            let lexeme = lexemes[index]
            if lexeme.kind == .identifier, names.contains(lexeme.symbol) {
                if let known = occurrences[lexeme.symbol] {
                    occurrences[lexeme.symbol] = (known.count + 1, known.first, index)
                } else {
                    occurrences[lexeme.symbol] = (1, index, index)
                }
            }
            index += 1
        }
        guard occurrences.values.contains(where: { $0.count == 2 }) else { return false }
        let braces = matches(lexemes, .open, .close), parens = matches(lexemes, .openParen, .closeParen)
        var claimed = [Bool](repeating: false, count: count)
        var edits: [(declaration: ClosedRange<Int>, use: ClosedRange<Int>, body: Range<Int>)] = []
        index = -1
        while index + 1 < count {
            index += 1
            guard edits.count < 256 else { break }
            let keyword = lexemes[index]
            guard keyword.kind == .keyword, keyword.is(.funcKeyword) || keyword.is(.varKeyword), index + 2 < count,
                  index == 0 || !lexemes[index - 1].is(.dot) else { continue }
            let name = lexemes[index + 1]
            guard name.kind == .identifier, !kept.contains(name.symbol), !DeclaredNames.requirements.contains(name.symbol),
                  let seen = occurrences[name.symbol], seen.count == 2 else { continue }
            let use = seen.first == index + 1 ? seen.last : seen.first
            guard use != index + 1, use > 0, !lexemes[use - 1].is(.dot), use + 1 < count, !isLabel(use, in: lexemes),
                  !declarationKeywords.contains(where: { lexemes[use - 1].is($0) }) else { continue }
            let isFunction = keyword.is(.funcKeyword)
            if !isFunction && !lexemes[index + 2].is(.colon) { continue }
            // The body: the first `{` outside brackets, with no `=` before it (a stored property's value).
            var depth = 0
            var open = index + 2
            while open < count, open < index + 2 * SmallRewrites.longestStatement {
                let lexeme = lexemes[open]
                if lexeme.is(.openParen) || lexeme.is(.openBracket) { depth += 1 } else if lexeme.is(.closeParen) || lexeme.is(.closeBracket) { depth -= 1 }
                else if depth == 0 && (lexeme.is(.open) || lexeme.is(.close) || lexeme.is(.equals)) { break }
                else if depth == 0 && lexeme.kind == .keyword && (lexeme.is(.funcKeyword) || lexeme.is(.varKeyword) || lexeme.is(.letKeyword) || lexeme.is(.initKeyword)) { break }
                else if depth == 0 && !isFunction && lexeme.line != keyword.line { break }
                open += 1
            }
            guard open < count, lexemes[open].is(.open), braces[open] > open, open + 1 < count else { continue }
            let close = Int(braces[open])
            let first = lexemes[open + 1]
            if !isFunction && (first.is(.getKeyword) || first.is(.setKeyword) || first.is(.willSetKeyword) || first.is(.didSetKeyword)) { continue }
            var start = index
            while start > 0, lexemes[start - 1].kind == .attribute || declarationModifiers.contains(where: { lexemes[start - 1].is($0) }) { start -= 1 }
            guard !(start...close).contains(use) else { continue }
            var useEnd = use
            var body = (open + 1)..<close
            if isFunction {
                // A call that is a statement of its own, of a function that returns nothing.
                guard lexemes[use + 1].is(.openParen), parens[use + 1] > use + 1, SmallRewrites.startsStatement(at: use, in: lexemes),
                      !lexemes[(index + 2)..<open].contains(where: { $0.is(.arrow) }) else { continue }
                useEnd = Int(parens[use + 1])
                guard SmallRewrites.statementEnd(from: use, in: lexemes) == useEnd + 1 else { continue }
            } else {
                // A read of a property whose body is one expression (`{ a && b }`, `{ return a && b }`).
                let next = lexemes[use + 1]
                guard !(next.kind == .operator && SmallRewrites.assignments.contains(next.symbol)), !next.is(.openParen),
                      SmallRewrites.statementEnd(from: open + 1, in: lexemes) == close else { continue }
                if first.is(.returnKeyword) { body = (open + 2)..<close }
                guard !body.isEmpty else { continue }
            }
            guard !claimed[start...close].contains(true), !claimed[use...useEnd].contains(true) else { continue }
            for i in start...close { claimed[i] = true }
            for i in use...useEnd { claimed[i] = true }
            edits.append((start...close, use...useEnd, body))
        }
        guard !edits.isEmpty else { return false }
        var removed: [Int: Int] = [:], replaced: [Int: (end: Int, body: Range<Int>)] = [:]
        for edit in edits {
            removed[edit.declaration.lowerBound] = edit.declaration.upperBound
            replaced[edit.use.lowerBound] = (edit.use.upperBound, edit.body)
        }
        var result: [Lexeme] = []
        result.reserveCapacity(count)
        index = 0
        while index < count {
            if let end = removed[index] {
                index = end + 1
            } else if let use = replaced[index] {
                result.append(contentsOf: lexemes[use.body])
                index = use.end + 1
            } else {
                result.append(lexemes[index])
                index += 1
            }
        }
        lexemes = result
        return true
    }

    /// In the condition of an `if` or `while`: `&&` as `,` (when the condition has no `||`),
    /// and each comparison the way round that its negation is: `<=` as `>`, `>=` as `<`, `!=`
    /// as `==`. (Run after ``SmallRewrites/conditionsWithoutNegation(_:)``, which reads `!c`
    /// as `c`: the two blocks of the `if` are then read in one order, ``branchOrder(_:)``.)
    static func conditions(_ lexemes: inout [Lexeme]) {
        let flips = comparisonFlips
        var index = -1
        while index + 1 < lexemes.count {
            index += 1
            guard lexemes[index].kind == .keyword && (lexemes[index].is(.ifKeyword) || lexemes[index].is(.whileKeyword) || lexemes[index].is(.guardKeyword)) && !(index > 0 && (lexemes[index - 1].is(.dot) || lexemes[index - 1].is(.close))) else { continue }
            // The condition: to its block's `{` (or `guard`'s `else`), outside brackets, over lines that carry on.
            var depth = 0, end = index + 1, hasOr = false
            while end < lexemes.count, end < index + SmallRewrites.longestStatement {
                let lexeme = lexemes[end]
                if lexeme.is(.openParen) || lexeme.is(.openBracket) { depth += 1 } else if lexeme.is(.closeParen) || lexeme.is(.closeBracket) { depth -= 1 }
                else if depth == 0 && (lexeme.is(.open) || lexeme.is(.close) || lexeme.is(.elseKeyword)) { break }
                else if depth == 0 && lexeme.is(.or) { hasOr = true }
                if depth < 0 { break }
                if depth == 0, end > index + 1, lexeme.line > lexemes[end - 1].line {
                    let previous = lexemes[end - 1]
                    if !(previous.kind == .operator || previous.is(.comma) || lexeme.is(.dot) || lexeme.kind == .operator) { break }
                }
                end += 1
            }
            guard end < lexemes.count, lexemes[end].is(.open) || lexemes[end].is(.elseKeyword) else { continue }
            depth = 0
            for i in (index + 1)..<end {
                let lexeme = lexemes[i]
                if lexeme.is(.openParen) || lexeme.is(.openBracket) { depth += 1 } else if lexeme.is(.closeParen) || lexeme.is(.closeBracket) { depth -= 1 }
                guard lexeme.kind == .operator else { continue }
                if depth == 0 && !hasOr && lexeme.is(.and) {
                    lexemes[i].symbol = Spelling.comma.hash
                    lexemes[i].kind = .punctuation
                } else if let flipped = flips[lexeme.symbol] {
                    lexemes[i].symbol = flipped
                }
            }
        }
    }

    // MARK: Blocks

    enum BlockKind: UInt8 {
        case none = 0, branch, loop, switchBody, function
    }

    static let exits: Set<UInt64> = [Spelling.returnKeyword.hash, Spelling.continueKeyword.hash, Spelling.breakKeyword.hash, Spelling.throwKeyword.hash]
    static let loops: Set<UInt64> = [Spelling.forKeyword.hash, Spelling.repeatKeyword.hash, Spelling.whileKeyword.hash]
    static let branches: Set<UInt64> = [Spelling.doKeyword.hash, Spelling.catchKeyword.hash]
    static let functions: Set<UInt64> = [Spelling.funcKeyword.hash, Spelling.initKeyword.hash, Spelling.deinitKeyword.hash, Spelling.getKeyword.hash,
                                         Spelling.setKeyword.hash, Spelling.willSetKeyword.hash, Spelling.didSetKeyword.hash]
    static let comparisonFlips: [UInt64: UInt64] = [Spelling.lessOrEqual.hash: Spelling.greater.hash, Spelling.greaterOrEqual.hash: Spelling.less.hash,
                                                    Spelling.notEqual.hash: Spelling.equalEqual.hash]

    private struct Block {
        var kind: BlockKind
        /// Whether it is an `if`'s first block.
        var isThen = false
        /// Whether it is an `if`'s block (first or `else`), not a `do`'s or a `catch`'s.
        var isIfBlock = false
        /// The index of its `}` in the input, or -1 for a block the pass adds.
        var close = -1
        /// Added around an `else if`'s `if`; added as the `else` of an early exit.
        var wrapsElseIf = false
        var endsWithJump = false
    }

    /// After ``SmallRewrites/conditionsWithoutNegation(_:)`` (`guard c else` is `if c`):
    /// an `if` with no `else` whose block ends with `return`, `continue`, `break` or `throw`
    /// gets the rest of its enclosing block as its `else` (it runs exactly when the `if`'s
    /// block does not); `else if` is `else { if … }`; then a `return` with no value (a
    /// `continue`) at the end of a block that ends the function (the loop's body) anyway goes.
    /// A `switch`'s cases are left as they are (the rest of a case is not a block).
    static func earlyExits(_ lexemes: inout [Lexeme]) {
        // Nothing to do in a file with no jump and no `else`.
        let exits = Self.exits, elseHash = Spelling.elseKeyword.hash
        guard lexemes.contains(where: { exits.contains($0.symbol) || $0.symbol == elseHash }) else { return }
        let input = lexemes
        let braces = matches(input, .open, .close)
        var output: [Lexeme] = []
        output.reserveCapacity(input.count + 16)
        var kinds: [BlockKind] = []
        kinds.reserveCapacity(input.count + 16)
        var stack: [Block] = []
        var pending: (block: Block, depth: Int)?
        var depth = 0
        func emit(_ lexeme: Lexeme, _ kind: BlockKind = .none) {
            output.append(lexeme)
            kinds.append(kind)
        }
        func made(_ spelling: Spelling, _ kind: SwiftToken.Kind, like lexeme: Lexeme) -> Lexeme {
            var made = lexeme
            made.symbol = spelling.hash
            made.kind = kind
            return made
        }
        let openParen = Spelling.openParen.hash, openBracket = Spelling.openBracket.hash, closeParen = Spelling.closeParen.hash
        let closeBracket = Spelling.closeBracket.hash, openBrace = Spelling.open.hash, closeBrace = Spelling.close.hash
        let ifHash = Spelling.ifKeyword.hash, dotHash = Spelling.dot.hash
        let loops = Self.loops, branches = Self.branches, functions = Self.functions
        var index = -1
        while index + 1 < input.count {
            index += 1
            let lexeme = input[index]
            let symbol = lexeme.symbol
            if lexeme.kind == .keyword {
                if index > 0 && input[index - 1].symbol == dotHash {
                    // `.default`, `x.do`: a member's name.
                } else if symbol == ifHash {
                    pending = (Block(kind: .branch, isThen: true, isIfBlock: true), depth)
                } else if symbol == elseHash {
                    if index + 1 < input.count, input[index + 1].symbol == ifHash {
                        emit(lexeme)
                        emit(made(.open, .punctuation, like: lexeme), .branch)
                        stack.append(Block(kind: .branch, isIfBlock: true, wrapsElseIf: true))
                        continue
                    }
                    pending = (Block(kind: .branch, isIfBlock: true), depth)
                } else if loops.contains(symbol) {
                    // (Not the `while` of `repeat { } while c`.)
                    if !(lexeme.is(.whileKeyword) && index > 0 && input[index - 1].symbol == closeBrace) { pending = (Block(kind: .loop), depth) }
                } else if lexeme.is(.switchKeyword) {
                    pending = (Block(kind: .switchBody), depth)
                } else if branches.contains(symbol) {
                    pending = (Block(kind: .branch), depth)
                } else if functions.contains(symbol) {
                    pending = (Block(kind: .function), depth)
                } else if exits.contains(symbol), !stack.isEmpty, let close = stack.last(where: { $0.close >= 0 })?.close {
                    // The last statement of its block?
                    let end = SmallRewrites.statementEnd(from: index + 1, in: input)
                    if end == close { stack[stack.count - 1].endsWithJump = true }
                }
                emit(lexeme)
                continue
            }
            guard lexeme.kind == .punctuation else {
                emit(lexeme)
                continue
            }
            if symbol == openParen || symbol == openBracket {
                depth += 1
            } else if symbol == closeParen || symbol == closeBracket {
                depth -= 1
            } else if symbol == openBrace {
                var block = Block(kind: .function)
                if let waiting = pending, waiting.depth == depth {
                    block = waiting.block
                    pending = nil
                }
                block.close = braces[index] > index ? Int(braces[index]) : input.count
                stack.append(block)
                emit(lexeme, block.kind)
                continue
            }
            guard symbol == closeBrace else {
                emit(lexeme)
                continue
            }
            // The `else`s added in this block close with it.
            while let top = stack.last, top.close < 0, !top.wrapsElseIf { emit(made(.close, .punctuation, like: lexeme)); stack.removeLast() }
            emit(lexeme)
            guard let block = stack.popLast() else { continue }
            let next = index + 1 < input.count ? input[index + 1] : nil
            guard block.isIfBlock, next?.is(.elseKeyword) != true else { continue }
            // The `if` ends here.
            if block.isThen, block.endsWithJump, let next, !next.is(.close), let parent = stack.last, parent.kind != .switchBody, !parent.wrapsElseIf {
                emit(made(.elseKeyword, .keyword, like: lexeme))
                emit(made(.open, .punctuation, like: lexeme), .branch)
                stack.append(Block(kind: .branch, isIfBlock: true))
            }
            while let top = stack.last, top.wrapsElseIf { emit(made(.close, .punctuation, like: lexeme)); stack.removeLast() }
        }
        // The jumps that change nothing: `return` ending the function, `continue` ending the loop's body.
        let closes = matches(output, .open, .close)
        var remove = [Bool](repeating: false, count: output.count)
        var jump = -1
        while jump + 1 < output.count {
            jump += 1
            guard jump + 1 < output.count && output[jump].kind == .keyword && output[jump + 1].is(.close) && (output[jump].is(.returnKeyword) || output[jump].is(.continueKeyword)) else { continue }
            var close = jump + 1
            for _ in 0..<64 {
                let open = Int(closes[close])
                guard open >= 0, open < close else { break }
                let kind = kinds[open]
                if kind == .function || kind == .loop {
                    remove[jump] = (kind == .function) == output[jump].is(.returnKeyword)
                    break
                }
                guard kind == .branch else { break }
                // A branch: its statement must be the last of its own block.
                var after = close + 1
                while after + 1 < output.count, output[after].is(.elseKeyword) || output[after].is(.catchKeyword), closes[after + 1] > after + 1, output[after + 1].is(.open) {
                    after = Int(closes[after + 1]) + 1
                }
                guard after < output.count, output[after].is(.close) else { break }
                close = after
            }
        }
        SmallRewrites.removeMarked(&output, remove)
        lexemes = output
    }

    /// After names are placeholders: the two blocks of every `if c { a } else { b }` in one
    /// order, the lesser first (by their symbols). The normaliser reads `!c` as `c`, so `if c
    /// { a } else { b }` and `if !c { b } else { a }`, the same program, are one. Innermost
    /// `if`s first, so that an outer one compares blocks already in order.
    static func branchOrder(_ lexemes: inout [Lexeme]) {
        let elseHash = Spelling.elseKeyword.hash
        guard lexemes.contains(where: { $0.symbol == elseHash }) else { return }
        // An empty block: `if c { } else { b }` is `if c { b }` (`guard let x else { return }`
        // then `b`, once its `return` is gone), and `if c { a } else { }` is `if c { a }`.
        var braces = matches(lexemes, .open, .close)
        var remove = [Bool](repeating: false, count: lexemes.count)
        var index = -1
        while index + 1 < lexemes.count {
            index += 1
            guard index > 0 && index + 3 < lexemes.count && lexemes[index].is(.elseKeyword) && lexemes[index + 1].is(.open) && lexemes[index - 1].is(.close) else { continue }
            if lexemes[index + 2].is(.close) {
                for i in index...(index + 2) { remove[i] = true }
            } else if index >= 2, lexemes[index - 2].is(.open), braces[index - 2] == index - 1, braces[index + 1] > index + 1 {
                for i in (index - 2)...index { remove[i] = true }
            }
        }
        if remove.contains(true) {
            SmallRewrites.removeMarked(&lexemes, remove)
            braces = matches(lexemes, .open, .close)
        }
        var found: [(then: Int, thenClose: Int, elseOpen: Int, elseClose: Int)] = []
        index = -1
        while index + 1 < lexemes.count {
            index += 1
            guard lexemes[index].kind == .keyword && lexemes[index].is(.ifKeyword) else { continue }
            var depth = 0, open = index + 1
            while open < lexemes.count, open < index + SmallRewrites.longestStatement {
                let lexeme = lexemes[open]
                if lexeme.is(.openParen) || lexeme.is(.openBracket) { depth += 1 } else if lexeme.is(.closeParen) || lexeme.is(.closeBracket) { depth -= 1 }
                else if depth == 0 && (lexeme.is(.open) || lexeme.is(.close)) { break }
                open += 1
            }
            guard open < lexemes.count, lexemes[open].is(.open), braces[open] > open else { continue }
            let thenClose = Int(braces[open])
            guard thenClose + 2 < lexemes.count, lexemes[thenClose + 1].is(.elseKeyword), lexemes[thenClose + 2].is(.open),
                  braces[thenClose + 2] > thenClose + 2 else { continue }
            let elseClose = Int(braces[thenClose + 2])
            guard elseClose - open < longestBlock else { continue }
            found.append((open, thenClose, thenClose + 2, elseClose))
        }
        found.sort { $0.elseClose < $1.elseClose }
        for candidate in found {
            let first = lexemes[(candidate.then + 1)..<candidate.thenClose], second = lexemes[(candidate.elseOpen + 1)..<candidate.elseClose]
            guard second.lexicographicallyPrecedes(first, by: { $0.symbol < $1.symbol }) else { continue }
            let middle = lexemes[candidate.thenClose...candidate.elseOpen]
            let swapped = Array(second) + Array(middle) + Array(first)
            lexemes.replaceSubrange((candidate.then + 1)..<candidate.elseClose, with: swapped)
        }
    }

    // MARK: Helpers

    /// For each `open` the index of its `close`, and back; -1 when unmatched.
    static func matches(_ lexemes: [Lexeme], _ open: Spelling, _ close: Spelling) -> [Int32] {
        var result = [Int32](repeating: -1, count: lexemes.count)
        var stack: [Int32] = []
        let opening = open.hash, closing = close.hash
        var index = 0
        while index < lexemes.count {
            let symbol = lexemes[index].symbol
            if symbol == opening {
                stack.append(Int32(index))
            } else if symbol == closing, let opened = stack.popLast() {
                result[Int(opened)] = Int32(index)
                result[index] = opened
            }
            index += 1
        }
        return result
    }

    /// Whether the name at `index` is an argument's label: `(label:` or `, label:`.
    static func isLabel(_ index: Int, in lexemes: [Lexeme]) -> Bool {
        index > 0 && index + 1 < lexemes.count && lexemes[index + 1].is(.colon) && (lexemes[index - 1].is(.openParen) || lexemes[index - 1].is(.comma))
    }

    /// The first index of sorted `positions` at or after `value`.
    static func lowerBound(_ positions: [Int32], _ value: Int) -> Int {
        var low = 0, high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if Int(positions[middle]) < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
