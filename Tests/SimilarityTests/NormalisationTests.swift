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
        for piece in ["_ = (", "func f(", "let (", "case let .a(", "if false {", "x = x + (", "guard !(", "init<", "{ a, b", "var x: (", "let y ="] {
            let text = Array(String(repeating: piece + " ", count: 20_000).utf8)
            let lexemes = TokenNormalizer.symbols(of: SwiftTokenizer.tokens(of: text), in: text)
            #expect(lexemes.count <= text.count, "\(piece)")
        }
    }
}
