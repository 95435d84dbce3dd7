/// One declaration of another module that a compiled object uses, read from a line of
/// `swift-demangle`'s output: its module, and its name without that module
/// (`Publishers.Scan`, `Publisher.scan(_:_:)`, `Subscribers.Demand.max(_:)`).
///
/// The module is set aside so that one name means the same declaration on Linux
/// (`OpenCombine.Publishers.Scan`) and on Apple platforms (`Combine.Publishers.Scan`). A
/// function keeps its argument labels, so `Publisher.receive(subscriber:)`, a requirement of
/// the protocol, is not `Publisher.receive(on:options:)`, an operator.
package struct UsedName: Hashable, Sendable, CustomStringConvertible {
    package var module: String
    package var name: String

    package init(module: String, name: String) {
        self.module = module
        self.name = name
    }

    package var description: String { "\(module).\(name)" }

    /// The modules whose names are not governed: the standard library, Foundation's and
    /// Dispatch's own API, the C library, and the runtime's. Every other module's names
    /// (Combine, OpenCombine and its parts, CombineSchedulers, the library, whatever a
    /// future root re-exports) are governed, so a new module is never free by omission.
    package static let freeModules: Set<String> = ["Swift", "Builtin", "_Concurrency", "_StringProcessing", "SwiftShims", "Synchronization",
                                                  "Foundation", "FoundationEssentials", "FoundationInternationalization", "CoreFoundation",
                                                  "Dispatch", "Glibc", "Musl", "Darwin", "__C", "ObjectiveC", "_Builtin_float"]

    /// Accessors and entry points that name the same declaration as their property or type:
    /// `Subscriptions.empty.getter` is `Subscriptions.empty`.
    static let accessors: Set<String> = ["getter", "setter", "modify", "read", "yielding_borrow", "yielding_mutate", "_modify", "_read",
                                         "unsafeMutableAddressor", "unsafeAddressor", "didset", "willset", "init", "__allocating_init", "deinit"]

    /// The governed names `line` uses: every module-qualified name in it whose module is not
    /// free, and a free module's name extended by a governed one (`Sequence.publisher`, which
    /// OpenCombine adds to the standard library). Foundation's own Combine publishers
    /// (`NotificationCenter.Publisher`, `Timer.publish`) count as governed on every platform.
    /// `ownModule` is the learner's module, whose names are their own.
    package static func names(in line: Substring, ownModule: String? = nil) -> [UsedName] {
        let text = Array(withoutGenericClauses(line))
        var found: [UsedName] = []
        var index = 0
        var extendingModule: String?
        while index < text.count {
            if text[index] == "(", let (module, end) = extensionMarker(in: text, at: index) {
                extendingModule = module
                index = end
                continue
            }
            guard isIdentifierStart(text[index]), index == 0 || !(isIdentifier(text[index - 1]) || text[index - 1] == ".") else {
                index += 1
                continue
            }
            let (components, end) = chain(in: text, from: index)
            let extending = extendingModule
            extendingModule = nil
            index = end
            for name in split(components, ownModule: ownModule, extendedBy: extending) {
                var used = name
                if index < text.count, text[index] == "(", components.last.map({ !accessors.contains($0) }) == true, used.name == components.dropFirst().joined(separator: ".") {
                    used.name += labels(in: text, openingAt: index)
                }
                found.append(used)
            }
        }
        return found
    }

    /// The module-qualified names in `components` (one chain may hold two, as in
    /// `OpenCombine.Publisher.OpenCombine.Publisher.Failure`), without accessors, those of
    /// governed modules only.
    private static func split(_ components: [String], ownModule: String?, extendedBy extending: String?) -> [UsedName] {
        guard components.count > 1 else { return [] }
        var result: [UsedName] = []
        var start = 0
        for position in 1...components.count {
            let atModule = position < components.count && isModule(components[position]) && position > start + 1
            guard position == components.count || atModule else { continue }
            let part = Array(components[start..<position])
            start = position
            guard part.count > 1, let name = governed(part, ownModule: ownModule, extendedBy: result.isEmpty ? extending : nil) else { continue }
            result.append(name)
        }
        return result
    }

    private static func governed(_ part: [String], ownModule: String?, extendedBy extending: String?) -> UsedName? {
        let module = part[0]
        guard !isGenericParameter(module), module != ownModule else { return nil }
        var members = Array(part.dropFirst())
        while members.count > 1, let last = members.last, accessors.contains(last) { members.removeLast() }
        let name = members.joined(separator: ".")
        if let extending, !freeModules.contains(extending), extending != ownModule { return UsedName(module: extending, name: name) }
        if !freeModules.contains(module) { return UsedName(module: module, name: name) }
        if module.hasPrefix("Foundation") || module == "__C", members.contains(where: isCombineName) { return UsedName(module: module, name: name) }
        return nil
    }

    /// Foundation's Combine API on Apple platforms: its publishers and `publisher(…)` /
    /// `publish(…)` methods.
    private static func isCombineName(_ component: String) -> Bool {
        let lower = component.lowercased()
        return lower.hasPrefix("publish") || lower.hasSuffix("publisher") || lower == "topleveldecoder" || lower == "toplevelencoder"
    }

    /// Whether a component names a module rather than a type: the governed and free modules
    /// known, and any name a later component repeats as a module (checked by the caller's
    /// split only where such a name recurs).
    private static func isModule(_ component: String) -> Bool {
        freeModules.contains(component) || knownGovernedModules.contains(component)
    }

    /// The governed modules an exercise can reach today, to split chains that repeat one.
    static let knownGovernedModules: Set<String> = ["Combine", "OpenCombine", "OpenCombineShim", "OpenCombineFoundation", "OpenCombineDispatch",
                                                    "CombineSchedulers", "Backpressure", "BackpressureTrace", "ConcurrencyExtras", "IssueReporting",
                                                    "XCTestDynamicOverlay", "Atomics"]

    /// `A`, `B1`, `τ_0_0`: a generic parameter as the demangler writes it, not a module.
    private static func isGenericParameter(_ component: String) -> Bool {
        if component.hasPrefix("τ_") { return true }
        guard let first = component.first, first.isUppercase, first.isASCII else { return false }
        return component.dropFirst().allSatisfy(\.isNumber)
    }

    /// `(extension in M):` at `index`: the module and the index after the colon.
    private static func extensionMarker(in text: [Character], at index: Int) -> (String, Int)? {
        let marker = Array("(extension in ")
        guard index + marker.count < text.count, Array(text[index..<index + marker.count]) == marker else { return nil }
        var end = index + marker.count
        var module = ""
        while end < text.count, text[end] != ")" { module.append(text[end]); end += 1 }
        guard end + 1 < text.count, text[end + 1] == ":" else { return nil }
        return (module, end + 2)
    }

    /// The dotted chain of identifiers starting at `start` (an operator may end it:
    /// `Subscribers.Demand.+=`), and the index after it.
    private static func chain(in text: [Character], from start: Int) -> ([String], Int) {
        var components: [String] = []
        var index = start
        while index < text.count {
            var component = ""
            if isIdentifierStart(text[index]) {
                while index < text.count, isIdentifier(text[index]) { component.append(text[index]); index += 1 }
            } else if !components.isEmpty, isOperator(text[index]) {
                while index < text.count, isOperator(text[index]) { component.append(text[index]); index += 1 }
            } else {
                break
            }
            components.append(component)
            guard index + 1 < text.count, text[index] == ".", isIdentifierStart(text[index + 1]) || isOperator(text[index + 1]) else { break }
            index += 1
        }
        return (components, index)
    }

    /// The argument labels of the parenthesised list opening at `open`, as Swift writes a
    /// function's name: `(subscriber:)`, `(_:_:)`, `()`.
    private static func labels(in text: [Character], openingAt open: Int) -> String {
        var depth = 0
        var arguments: [String] = []
        var current = ""
        var index = open
        while index < text.count {
            let character = text[index]
            index += 1
            if character == "(" || character == "[" {
                depth += 1
                if depth == 1 { continue }
            } else if character == ")" || character == "]" {
                depth -= 1
                if depth == 0 { arguments.append(current); break }
            } else if character == ",", depth == 1 {
                arguments.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        let named = arguments.map { $0.trimmed() }.filter { !$0.isEmpty }
        return "(" + named.map { argument -> String in
            let label = argument.prefix { isIdentifier($0) }
            let rest = argument.dropFirst(label.count)
            return !label.isEmpty && rest.hasPrefix(": ") ? "\(label):" : "_:"
        }.joined() + ")"
    }

    private static func isIdentifierStart(_ character: Character) -> Bool {
        character == "_" || character == "$" || character == "τ" || (character.isLetter)
    }

    private static func isIdentifier(_ character: Character) -> Bool {
        isIdentifierStart(character) || character.isNumber
    }

    private static func isOperator(_ character: Character) -> Bool {
        "=-+!*%<>&|^~?/".contains(character)
    }

    /// `line` with every `<…>` clause taken out (generic arguments and `where` clauses), so
    /// that `Publisher< where A.Failure == Never>.sink(…)` reads `Publisher.sink(…)`. An
    /// arrow's `>` is not a clause's end, and neither is an operator's (`Demand.> infix`).
    package static func withoutGenericClauses(_ line: Substring) -> String {
        var result = ""
        var depth = 0
        var previous: Character?
        for character in line {
            defer { previous = character }
            if character == "<", previous.map({ isIdentifier($0) || $0 == ">" }) == true { depth += 1; continue }
            if character == ">", previous != "-", depth > 0 { depth -= 1; continue }
            if depth == 0 { result.append(character) }
        }
        return result
    }
}

private extension String {
    /// Without spaces at either end.
    func trimmed() -> String {
        var slice = Substring(self)
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }
}
