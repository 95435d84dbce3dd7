import Foundation
import Testing
@testable import Similarity

/// The symbols a text stands for once normalised (``TokenNormalizer``).
private func symbols(_ text: String, keeping kept: Set<String> = []) -> [UInt64] {
    let bytes = Array(text.utf8)
    return TokenNormalizer.symbols(of: SwiftTokenizer.tokens(of: bytes), in: bytes, keeping: Set(kept.map(Fingerprints.hash))).map(\.symbol)
}

private func hasSymbol(_ text: String, _ spelling: String) -> Bool {
    symbols(text).contains(Fingerprints.hash(spelling))
}

/// Normalisation: what a disguise changes must not change the symbols, and what changes the
/// code must. Each rewrite is tested both ways, so that a normaliser that threw everything
/// away would fail.
struct NormalisationTests {
    @Test("every name the file declares is a placeholder, whatever it is called")
    func declaredNamesArePlaceholders() {
        // The names the issue found kept as "API": a property called subscription, demand,
        // input, count, receiveValue or receiveCompletion is the student's own.
        let original = """
            final class Relay {
                var subscription: Subscription?
                var demand = Subscribers.Demand.none
                var count = 0
                let receiveValue: (Int) -> Bool
                let receiveCompletion: () -> Void
                init(receiveValue: @escaping (Int) -> Bool, receiveCompletion: @escaping () -> Void) {
                    self.receiveValue = receiveValue
                    self.receiveCompletion = receiveCompletion
                }
                func take(_ input: Int) -> Bool {
                    count += 1
                    demand -= 1
                    if demand == .none { subscription?.request(.max(1)) }
                    return receiveValue(input)
                }
            }
            """
        let renamed = original.replacingOccurrences(of: "subscription", with: "link").replacingOccurrences(of: "demand", with: "owed")
            .replacingOccurrences(of: "count", with: "seen").replacingOccurrences(of: "receiveValue", with: "onValue")
            .replacingOccurrences(of: "receiveCompletion", with: "onEnd").replacingOccurrences(of: "input", with: "x")
            .replacingOccurrences(of: "Relay", with: "Pump").replacingOccurrences(of: "take", with: "handle")
        #expect(symbols(original) == symbols(renamed))
        // What the file does not declare stays itself: Combine's names and the members it calls.
        for name in ["Subscription", "request", "max", "none"] {
            #expect(hasSymbol(original, name), "\(name) should stay itself")
        }
        for name in ["subscription", "demand", "count", "receiveValue", "input", "Relay"] {
            #expect(!hasSymbol(original, name), "\(name) is declared: a placeholder")
        }
    }

    @Test("names the file does not declare tell one approach from another")
    func undeclaredNamesStay() {
        #expect(symbols("func f(s: Subscription) { s.request(.max(1)) }") != symbols("func f(s: Subscription) { s.request(.unlimited) }"))
        #expect(symbols("func f(s: Subscription) { s.request(.max(1)) }") != symbols("func f(s: Subscription) { s.cancel() }"))
        #expect(symbols("let x = a.sink { _ in }") != symbols("let x = a.assign(to: \\.b, on: c)"))
    }

    @Test("protocol requirements and the stub's functions keep their names")
    func requirementsKeepTheirNames() {
        let text = "final class S: Subscription { func request(_ d: Subscribers.Demand) {} func cancel() {} func pull() {} }"
        #expect(hasSymbol(text, "request") && hasSymbol(text, "cancel"))
        #expect(!hasSymbol(text, "pull"))
        let bytes = Array(text.utf8)
        let kept = TokenNormalizer.symbols(of: SwiftTokenizer.tokens(of: bytes), in: bytes, keeping: [Fingerprints.hash("pull")]).map(\.symbol)
        #expect(kept.contains(Fingerprints.hash("pull")))
    }

    @Test("the small rewrites that change nothing are one spelling", arguments: [
        ("guard c else { return }", "if !c { return }"),
        ("guard !done else { return .none }", "if done { return .none }"),
        ("state = .idle", "state = State.idle"),
        ("s.request(.max(1))", "s.request(Subscribers.Demand.max(1))"),
        ("return .empty", "return Subscriptions.empty"),
        ("var count: Int = 0", "var count = 0"),
        ("var held: [Int] = []\nheld.append(1)", "var held = []\nheld.append(1)"),
        ("owed += n", "owed = owed + (n)"),
        ("owed -= 1", "owed = owed - 1"),
        ("values[i] *= 2", "values[i] = values[i] * (2)"),
        ("if (a && b) { return (x) }", "if a && b { return x }"),
        ("f(x)\ng(y)", "f(x)\n_ = ()\ng(y)\n_ = ()"),
        ("f(x)\ng(y)", "f(x)\nlet unused = 3\ng(y)"),
        ("f(x)\ng(y)", "f(x)\nif false { _ = 4 }\ng(y)"),
        ("f(x)\ng(y)", "f(x)\n_ = 5 + 5\ng(y)"),
        ("f(x)\ng(y)", "f(x)\nvar spare = 0\nspare += 1\ng(y)"),
        ("self.count = 1; self.done = true", "count = 1\ndone = true"),
        ("private(set) var x = 1", "var x = 1"),
    ])
    func rewritesAreUndone(pair: (String, String)) {
        #expect(symbols(pair.0) == symbols(pair.1), "\(pair.0.debugDescription) and \(pair.1.debugDescription)")
    }

    @Test("rewrites that change what the code does stay apart", arguments: [
        ("owed += n", "owed -= n"),
        ("owed += n", "owed = n + owed + 1"),
        ("_ = subscriber.receive(value)", ""),
        ("let unused = make()", ""),
        ("var spare = 0\nprint(spare)", ""),
        ("x = a + b", "x = a * b"),
        ("f(x!)", "f(x)"),
        ("if false { f() } else { g() }", "g()"),
        ("while c { f() }", "if c { f() }"),
    ])
    func meaningfulDifferencesStay(pair: (String, String)) {
        #expect(symbols(pair.0) != symbols(pair.1), "\(pair.0.debugDescription) and \(pair.1.debugDescription)")
    }

    /// The restructurings a copier makes by hand without changing the algorithm
    /// (``Restructuring``): each pair is one program written two ways.
    @Test("a solution restructured by hand, keeping its algorithm, is one spelling", arguments: [
        // A helper extracted, called once as a statement, is its body there.
        ("func request(_ d: Demand) {\n    owed += d\n    deliver()\n}\nfunc deliver() {\n    while owed > 0 {\n        send()\n    }\n}",
         "func request(_ d: Demand) {\n    owed += d\n    while owed > 0 {\n        send()\n    }\n}"),
        // A computed property of one expression, read once, is that expression.
        ("var isOpen: Bool { a != nil && b == nil }\nfunc f() {\n    if isOpen { g() }\n}", "func f() {\n    if a != nil && b == nil { g() }\n}"),
        // A constant read once, in the next statement, is its value.
        ("let more = s.receive(v)\nowed += more", "owed += s.receive(v)"),
        // guard ... else { ...; return } then the rest, against if/else either way round.
        ("func f() {\n    guard n > 0 else {\n        a()\n        return\n    }\n    b()\n}", "func f() {\n    if n > 0 {\n        b()\n    } else {\n        a()\n    }\n}"),
        ("func f() {\n    guard n > 0 else {\n        a()\n        return\n    }\n    b()\n}", "func f() {\n    if n <= 0 {\n        a()\n    } else {\n        b()\n    }\n}"),
        ("func f() {\n    guard let s = link else { return }\n    s.go(1)\n    s.go(2)\n}", "func f() {\n    if let s = link {\n        s.go(1)\n        s.go(2)\n    }\n}"),
        ("while c {\n    if d {\n        a()\n        continue\n    }\n    b()\n}", "while c {\n    if d {\n        a()\n    } else {\n        b()\n    }\n}"),
        ("if a {\n    x()\n} else if b {\n    y()\n}", "if a {\n    x()\n} else {\n    if b {\n        y()\n    }\n}"),
        // Optional binding: the shorthand, and the binding's own name.
        ("if let link = link, ready { go(link) }", "if let link, ready { go(link) }"),
        ("var link: Link?\nfunc f() { if let s = link { s.go() } }", "var link: Link?\nfunc f() { if let link { link.go() } }"),
        // Conditions: && is a comma; a comparison reads as its negation's other side.
        ("if a && b { go() }", "if a, b { go() }"),
        // Declarations: a parameter's own name, an optional's nil, a closure's parameter after a capture list.
        ("init(upstream source: P) { u = source }", "init(upstream: P) { u = upstream }"),
        ("var held: Subscription? = nil", "var held: Subscription?"),
        ("var held: Subscribers.Completion<Failure>? = nil", "var held: Subscribers.Completion<Failure>?"),
        ("let f = { [weak self] value in use(value) }", "let f = { [weak self] v in use(v) }"),
        // An argument's label is a label: a local constant of the same name does not make it the file's.
        ("func f() {\n    let subscription = make()\n    s.receive(subscription: subscription)\n    keep(subscription)\n}",
         "func f() {\n    let link = make()\n    s.receive(subscription: link)\n    keep(link)\n}"),
        // ...and a struct's property is its memberwise initializer's label.
        ("struct Relay { let onValue: (Int) -> Void }\nlet r = Relay(onValue: f)", "struct Relay { let handler: (Int) -> Void }\nlet r = Relay(handler: f)"),
    ])
    func restructuringsAreUndone(pair: (String, String)) {
        #expect(symbols(pair.0) == symbols(pair.1), "\(pair.0.debugDescription) and \(pair.1.debugDescription)")
    }

    @Test("restructurings that change what the code does stay apart", arguments: [
        // A helper called twice is not inlined (its body is not written twice).
        ("func f() {\n    g()\n    g()\n}\nfunc g() { a() }", "func f() {\n    a()\n    a()\n}"),
        // The rest of the block is an else only after a block that leaves.
        ("func f() {\n    if c {\n        a()\n    }\n    b()\n}", "func f() {\n    if c {\n        a()\n    } else {\n        b()\n    }\n}"),
        // A return inside a loop leaves the function, not the loop's body: it stays.
        ("func f() {\n    while c {\n        if d {\n            return\n        }\n        b()\n    }\n    e()\n}",
         "func f() {\n    while c {\n        if d {\n        }\n        b()\n    }\n    e()\n}"),
        // A constant read after another statement keeps its place (the call order would change).
        ("let more = s.receive(v)\nlog(v)\nowed += more", "log(v)\nowed += s.receive(v)"),
        // Labels the file does not declare tell calls apart.
        ("s.receive(subscription: x)", "s.receive(completion: x)"),
        // < and > are not one another's negation.
        ("if n > 0 { a() }", "if n < 0 { a() }"),
        // Binding a different value is not the shorthand.
        ("if let s = link { s.go() }", "if let s = other { s.go() }"),
    ])
    func meaningfulRestructuringsStay(pair: (String, String)) {
        #expect(symbols(pair.0) != symbols(pair.1), "\(pair.0.debugDescription) and \(pair.1.debugDescription)")
    }

    @Test("the declared names of a file: bindings, parameters, closures, enum cases, generics")
    func declaredNames() {
        let text = """
            enum Phase { case idle, running(due: Int) }
            struct Box<Element, Other: Error> {
                func f(label name: Int, _ other: Int) -> Int {
                    for (index, item) in list.enumerated() { print(index, item) }
                    let handler = { (first: Int, second) in first }
                    if case let .running(due) = phase { _ = due }
                    guard let unwrapped = maybe else { return 0 }
                    return xs.map { element in element }.count
                }
            }
            """
        let bytes = Array(text.utf8)
        let declared = DeclaredNames(Lexeme.lexemes(of: SwiftTokenizer.tokens(of: bytes), in: bytes)).all
        for name in ["Phase", "idle", "running", "due", "Box", "Element", "Other", "f", "label", "name", "other", "index", "item",
                     "handler", "first", "second", "unwrapped", "element"] {
            #expect(declared.contains(Fingerprints.hash(name)), "\(name)")
        }
        // `for` as a label, and a qualified case pattern: names, not a loop's or a type's.
        let labelled = Array("func g(for demand: Subscribers.Demand) { if case let State.running(a, b) = s { _ = (a, b) } }".utf8)
        let found = DeclaredNames(Lexeme.lexemes(of: SwiftTokenizer.tokens(of: labelled), in: labelled)).all
        #expect(found.contains(Fingerprints.hash("a")) && found.contains(Fingerprints.hash("b")) && found.contains(Fingerprints.hash("demand")))
        #expect(!found.contains(Fingerprints.hash("Demand")) && !found.contains(Fingerprints.hash("State")))
        for name in ["list", "enumerated", "print", "maybe", "xs", "map", "count", "Int", "Error", "phase"] {
            #expect(!declared.contains(Fingerprints.hash(name)), "\(name) is not declared here")
        }
    }

    @Test("hostile shapes cost time linear in the file: unclosed statements, parameter lists and patterns, over and over")
    func hostileShapes() {
        // Each piece opens something the passes read ahead in; 20,000 of them would take
        // an hour if any pass read to the end of the file from each.
        for piece in ["_ = (", "func f(", "let (", "case let .a(", "if false {", "x = x + (", "guard !(", "init<", "{ a, b", "var x: (", "let y =",
                      "if a { return }", "} else if b {", "func g() {", "if let a {", "guard c else {", "let k = v\n", "init(a b:"] {
            let text = Array(String(repeating: piece + " ", count: 20_000).utf8)
            let lexemes = TokenNormalizer.symbols(of: SwiftTokenizer.tokens(of: text), in: text)
            #expect(lexemes.count <= text.count, "\(piece)")
        }
    }
}
