/// The names a file declares: every name a student chose, whatever it is called.
///
/// Renaming is the first disguise of a copy, and a name's spelling says nothing about who
/// wrote it: two students call their subscription `subscription`, and a copier calls it
/// `link`. So the comparison keeps a name as itself only when the file does not declare it
/// (Combine's, the standard library's, the library's) and treats every declared one as a
/// placeholder. The exceptions are names a student cannot change without breaking the
/// exercise: the stub's functions and types, and the protocol requirements of Combine and
/// the library (``requirements``), which a file declares because it must.
///
/// Found from the tokens alone, with no parser: the name after `func`, `var`, `let`,
/// `class`, `struct`, `enum`, `protocol`, `actor`, `typealias` and `associatedtype`; an
/// enum's cases and their labels; generic parameters; function, initializer and closure
/// parameters (labels too); the names bound by `for … in`, tuple patterns and
/// `case let .x(a, b)`. A name it misses stays itself, as it would have before; a name it
/// takes wrongly for a declaration is a placeholder in every file alike.
struct DeclaredNames: Sendable {
    /// Every declared name.
    var all: Set<UInt64> = []
    /// The names of the functions and types declared: a stub's keep their spelling in every file.
    var members: Set<UInt64> = []
    /// The names declared as a parameter (its label and its name), an enum case's label or a
    /// struct's property (a label of its memberwise initializer):
    /// as an argument's label (`f(label: x)`), a name is a placeholder only when it is one of
    /// these. A local constant called `subscription` does not make the label of Combine's
    /// `receive(subscription:)` the file's own.
    var labels: Set<UInt64> = []

    /// Protocol requirements a student's file declares because Combine or the library asks
    /// for them: `Subscription.request(_:)`, `Cancellable.cancel()`, `Subscriber.receive`,
    /// `Resumable.resume()`. They keep their spelling, as Combine's own names do.
    static let requirements: Set<UInt64> = Set(["receive", "request", "cancel", "resume", "combineIdentifier"].map(Fingerprints.hash))

    static let typeHeads: Set<UInt64> = Set(["class", "struct", "enum", "protocol", "actor", "extension"].map(Fingerprints.hash))
    static let namedDeclarations: Set<UInt64> = Set(["func", "class", "struct", "enum", "protocol", "actor", "typealias", "associatedtype"].map(Fingerprints.hash))
    static let memberDeclarations: Set<UInt64> = Set(["func", "class", "struct", "enum", "protocol", "actor"].map(Fingerprints.hash))
    /// What may stand between a closure's `{` and its `in`.
    static let closureHead: Set<UInt64> = Set([",", "(", ")", ":", "_", "[", "]", "weak", "unowned", "self", ".", "?", "!", "<", ">", "->",
                                               "throws", "async", "=", "inout", "some", "any", "@escaping", "@Sendable"].map(Fingerprints.hash))

    init() {}

    init(_ lexemes: [Lexeme]) {
        var scanner = Scanner(lexemes: lexemes)
        scanner.scan()
        all = scanner.all
        members = scanner.members
        labels = scanner.labels
    }
}

/// One pass over a file's lexemes for ``DeclaredNames``.
private struct Scanner {
    let lexemes: [Lexeme]
    var all: Set<UInt64> = []
    var members: Set<UInt64> = []
    var labels: Set<UInt64> = []
    var count: Int { lexemes.count }

    init(lexemes: [Lexeme]) { self.lexemes = lexemes }

    /// The most lexemes a declaration's head is read for (a parameter list, a pattern): past
    /// it, the rest is not looked at, so that no file makes the scan quadratic.
    static let longest = 512

    func at(_ i: Int) -> Lexeme? { i >= 0 && i < lexemes.count ? lexemes[i] : nil }
    func isName(_ i: Int) -> Bool { at(i)?.kind == .identifier }

    mutating func scan() {
        typealias Names = DeclaredNames
        // For each open brace: does it open an enum's body? a struct's?
        var braces: [Bool] = []
        var structs: [Bool] = []
        var enumHeadPending = false, structHeadPending = false
        var index = 0
        while index < count {
            let lexeme = lexemes[index]
            let symbol = lexeme.symbol
            switch lexeme.kind {
            case .punctuation where symbol == Spelling.open.hash:
                braces.append(enumHeadPending)
                structs.append(structHeadPending)
                enumHeadPending = false
                structHeadPending = false
                if let end = closureParameters(after: index) {
                    index = end
                    continue
                }
            case .punctuation where symbol == Spelling.close.hash:
                _ = braces.popLast()
                _ = structs.popLast()
            case .keyword:
                let previousIsDot = at(index - 1)?.is(.dot) == true
                if previousIsDot { break }
                if Names.namedDeclarations.contains(symbol), isName(index + 1) {
                    // `class func` is a function, not a class named `func`.
                    all.insert(lexemes[index + 1].symbol)
                    if Names.memberDeclarations.contains(symbol) { members.insert(lexemes[index + 1].symbol) }
                    if symbol == Spelling.enumKeyword.hash { enumHeadPending = true }
                    if symbol == Spelling.structKeyword.hash { structHeadPending = true }
                    var next = index + 2
                    if at(next)?.is(.less) == true { next = genericParameters(from: next) }
                    if symbol == Spelling.funcKeyword.hash, at(next)?.is(.openParen) == true { parameters(from: next) }
                } else if Names.typeHeads.contains(symbol) {
                    if symbol == Spelling.enumKeyword.hash { enumHeadPending = true }
                } else if symbol == Spelling.initKeyword.hash || symbol == Spelling.subscriptKeyword.hash {
                    var next = index + 1
                    if at(next)?.is(.question) == true || at(next)?.is(.bang) == true { next += 1 }
                    if at(next)?.is(.less) == true { next = genericParameters(from: next) }
                    if at(next)?.is(.openParen) == true { parameters(from: next) }
                } else if symbol == Spelling.letKeyword.hash || symbol == Spelling.varKeyword.hash {
                    binding(after: index)
                    // A struct's stored property is a label of its memberwise initializer.
                    if structs.last == true, isName(index + 1) { labels.insert(lexemes[index + 1].symbol) }
                } else if symbol == Spelling.caseKeyword.hash, braces.last == true, isName(index + 1) {
                    enumCases(from: index + 1)
                } else if symbol == Spelling.forKeyword.hash, at(index - 1)?.is(.openParen) != true, at(index - 1)?.is(.comma) != true {
                    // `for (a, b) in`, `for case let x? in`: every name up to `in` (not `for`
                    // as a parameter's label, `f(for x: T)`).
                    var next = index + 1
                    while next < count, next < index + 40, !lexemes[next].is(.inKeyword), !lexemes[next].is(.open) {
                        if lexemes[next].kind == .identifier, at(next - 1)?.is(.colon) != true, at(next - 1)?.is(.dot) != true { all.insert(lexemes[next].symbol) }
                        next += 1
                    }
                }
            default:
                break
            }
            index += 1
        }
    }

    /// `<A, B: P>` from its `<`: the parameters' names; returns the index after the `>`.
    mutating func genericParameters(from open: Int) -> Int {
        var depth = 0
        var next = open
        while next < count && next < open + Self.longest {
            let lexeme = lexemes[next]
            if lexeme.is(.less) { depth += 1 } else if lexeme.closedAngles > 0 { depth -= lexeme.closedAngles; if depth <= 0 { return next + 1 } }
            else if lexeme.kind == .identifier, depth == 1, at(next - 1)?.is(.less) == true || at(next - 1)?.is(.comma) == true {
                all.insert(lexeme.symbol)
            } else if lexeme.is(.open) || lexeme.is(.openParen) { return next }
            next += 1
        }
        return next
    }

    /// `(label name: T, _ other: U)` from its `(`: labels and names, never types.
    mutating func parameters(from open: Int) {
        var depth = 0
        var next = open
        var atStart = true
        while next < count && next < open + Self.longest {
            let lexeme = lexemes[next]
            if lexeme.is(.openParen) || lexeme.is(.openBracket) || lexeme.is(.less) {
                depth += 1
                atStart = depth == 1
            } else if lexeme.is(.closeParen) || lexeme.is(.closeBracket) || lexeme.closedAngles > 0 {
                depth -= max(1, lexeme.closedAngles)
                if depth == 0 { return }
            } else if depth == 1 && lexeme.is(.comma) {
                atStart = true
            } else if depth == 1 && lexeme.is(.colon) {
                atStart = false
            } else if depth == 1 && atStart && lexeme.kind == .identifier {
                all.insert(lexeme.symbol)
                labels.insert(lexeme.symbol)
            } else if lexeme.is(.open) {
                return
            }
            next += 1
        }
    }

    /// After `let` or `var`: `x`, `(a, b)`, or `.case(a, b)` as in `case let .x(a, b)`.
    mutating func binding(after keyword: Int) {
        var next = keyword + 1
        // `let .some(x)`, `let State.running(a, b)`: past the case's name, to its payload.
        while isName(next) && at(next + 1)?.is(.dot) == true { next += 2 }
        if at(next)?.is(.dot) == true, let name = at(next + 1), name.kind == .identifier || name.kind == .keyword { next += 2 }
        else if isName(next) && at(next + 1)?.is(.openParen) == true && next > keyword + 1 { next += 1 }
        else if isName(next) {
            all.insert(lexemes[next].symbol)
            return
        }
        guard at(next)?.is(.openParen) == true else { return }
        var depth = 0
        let open = next
        while next < count && next < open + Self.longest {
            let lexeme = lexemes[next]
            if lexeme.is(.openParen) { depth += 1 } else if lexeme.is(.closeParen) { depth -= 1; if depth == 0 { return } }
            else if lexeme.kind == .identifier, at(next + 1)?.is(.colon) != true, at(next - 1)?.is(.dot) != true { all.insert(lexeme.symbol) }
            else if lexeme.is(.open) || lexeme.is(.equals) { return }
            next += 1
        }
    }

    /// `case a, b(Int), c(label: T)` in an enum's body: the cases and their labels.
    mutating func enumCases(from first: Int) {
        var next = first
        var depth = 0
        let line = lexemes[first].line
        while next < count, next < first + Self.longest, lexemes[next].line == line {
            let lexeme = lexemes[next]
            if lexeme.is(.openParen) { depth += 1 } else if lexeme.is(.closeParen) { depth -= 1 }
            else if lexeme.is(.close) || lexeme.is(.open) { return }
            else if lexeme.kind == .identifier {
                let previous = at(next - 1)
                if depth == 0 && (next == first || previous?.is(.comma) == true) { all.insert(lexeme.symbol) }
                if depth == 1 && at(next + 1)?.is(.colon) == true {
                    all.insert(lexeme.symbol)
                    labels.insert(lexeme.symbol)
                }
            }
            next += 1
        }
    }

    /// A closure's parameters, when the `{` at `open` starts one (`{ a, b in`,
    /// `{ [weak self] (x: Int) -> Bool in`): their names; returns the index of its `in`.
    mutating func closureParameters(after open: Int) -> Int? {
        var next = open + 1
        var names: [UInt64] = []
        var brackets = 0
        while next < count, next < open + 48 {
            let lexeme = lexemes[next]
            if lexeme.is(.inKeyword) {
                all.formUnion(names)
                return next
            }
            if lexeme.is(.openBracket) { brackets += 1 } else if lexeme.is(.closeBracket) { brackets -= 1 }
            if lexeme.kind == .identifier {
                let previous = lexemes[next - 1]
                // `{ a, b in`, `{ (a: T) in`, and after a capture list, `{ [weak self] a in`.
                if brackets == 0 && (previous.is(.open) || previous.is(.openParen) || previous.is(.comma) || previous.is(.closeBracket)) { names.append(lexeme.symbol) }
            } else if !DeclaredNames.closureHead.contains(lexeme.symbol) && lexeme.kind != .attribute {
                return nil
            }
            next += 1
        }
        return nil
    }
}
