/// What a token stands for when files are compared: the normalisation that makes renaming,
/// reformatting and rewording invisible.
///
/// - A name the student chose is `id`, every literal number `num`, every string `str`:
///   renaming a variable or changing a message changes nothing.
/// - Keywords, operators and punctuation stay themselves: they are the code's shape.
/// - Names of the API the course teaches stay themselves (``apiNames``): `request`,
///   `receive`, `Demand`, `.max`, `Subscription`… say what the code does with Combine, and
///   two solutions that call different parts of it are different solutions.
/// - What a disguise adds or swaps without changing the code is dropped or merged: access
///   modifiers and `final`, `self.` before a member, semicolons; `for`, `while` and
///   `repeat` are one loop keyword.
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

    /// Dropped: a disguise adds or changes them without changing what the code does.
    static let dropped: Set<String> = ["private", "fileprivate", "internal", "public", "open", "final", ";"]

    /// Written as one symbol.
    static let merged: [String: String] = ["for": "loop", "while": "loop", "repeat": "loop", "guard": "if", "fileprivate": "private"]

    /// Names that carry meaning in this course: Combine's types and the members the
    /// exercises call, the library's, and the standard library's most common. A student
    /// does not rename them, and they tell one approach from another.
    static let apiNames: Set<String> = [
        // Combine
        "Publisher", "Publishers", "Subscriber", "Subscribers", "Subscription", "Subscriptions", "Demand", "Completion",
        "Cancellable", "AnyCancellable", "AnyPublisher", "AnySubscriber", "Subject", "PassthroughSubject",
        "CurrentValueSubject", "Scheduler", "SchedulerTimeType", "Stride", "Output", "Failure", "Input", "Never",
        "request", "receive", "cancel", "subscribe", "subscription", "completion", "finished", "failure", "send",
        "sink", "store", "max", "none", "unlimited", "empty", "schedule", "now", "advanced", "after", "eraseToAnyPublisher",
        "receiveValue", "receiveCompletion", "map", "flatMap", "filter", "buffer", "handleEvents", "assign",
        "combineIdentifier", "CombineIdentifier", "ReferenceWritableKeyPath", "Empty", "Just", "Future", "Deferred",
        "Sequence", "Record",
        // The library
        "MySink", "resume", "step", "input", "more", "promise", "Pace", "Resumable", "demand",
        // Foundation and the standard library
        "NSLock", "NSRecursiveLock", "lock", "unlock", "withLock", "DispatchQueue", "Int", "Bool", "String", "Array",
        "Optional", "Error", "Void", "append", "count", "isEmpty", "removeFirst", "removeAll", "first", "last",
        "min", "print", "fatalError", "precondition", "assert", "description", "some", "forEach", "reduce",
        "contains", "popFirst", "insert", "remove", "stride", "Result", "success",
    ]

    static let keywordHashes = Set(keywords.map(Fingerprints.hash))
    static let apiHashes = Set(apiNames.map(Fingerprints.hash))
    static let droppedHashes = Set(dropped.map(Fingerprints.hash))
    static let mergedHashes = Dictionary(uniqueKeysWithValues: merged.map { (Fingerprints.hash($0.key), Fingerprints.hash($0.value)) })
    static let identifier = Fingerprints.hash("id"), number = Fingerprints.hash("num"), string = Fingerprints.hash("str")
    static let selfHash = Fingerprints.hash("self"), dot = Fingerprints.hash("."), semicolon = Fingerprints.hash(";")

    static func isKeyword(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count <= 16 && keywordHashes.contains(Fingerprints.hash(bytes))
    }

    /// The symbol each token stands for (the hash of its normalised spelling), or nil for a
    /// token that is dropped.
    static func symbols(of tokens: [SwiftToken], in text: [UInt8]) -> [UInt64?] {
        var symbols: [UInt64?] = []
        symbols.reserveCapacity(tokens.count)
        var previousWasDroppedSelf = false
        for (index, token) in tokens.enumerated() {
            let spelling = Fingerprints.hash(text[token.start..<token.end])
            let droppedSelf = previousWasDroppedSelf
            previousWasDroppedSelf = false
            switch token.kind {
            case .identifier:
                let name = text[token.start] == UInt8(ascii: "`") && token.end - token.start >= 2
                    ? Fingerprints.hash(text[(token.start + 1)..<(token.end - 1)]) : spelling
                symbols.append(apiHashes.contains(name) ? name : identifier)
            case .number:
                symbols.append(number)
            case .string:
                symbols.append(string)
            case .keyword:
                if droppedHashes.contains(spelling) {
                    symbols.append(nil)
                } else if spelling == selfHash, index + 1 < tokens.count, tokens[index + 1].kind == .punctuation,
                          text[tokens[index + 1].start] == UInt8(ascii: "."),
                          index == 0 || !(tokens[index - 1].kind == .punctuation && text[tokens[index - 1].start] == UInt8(ascii: ".")) {
                    // `self.` before a member: dropped with its dot (the next token).
                    symbols.append(nil)
                    previousWasDroppedSelf = true
                } else {
                    symbols.append(mergedHashes[spelling] ?? spelling)
                }
            case .punctuation:
                symbols.append(spelling == semicolon || (spelling == dot && droppedSelf) ? nil : spelling)
            case .operator, .attribute, .directive:
                symbols.append(spelling)
            }
        }
        return symbols
    }
}
