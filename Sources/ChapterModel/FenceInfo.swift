/// What a fenced code block's info string declares.
///
/// ```` ```swift ```` is plain code, ```` ```swift scenario ```` a scenario (and
/// ```` ```swift scenario apple-unverified ```` one whose output the book has shown only on
/// OpenCombine: see ``Scenario/isAppleUnverified``), ```` ```output ```` its expected output,
/// and ```` ```swift excerpt=File.swift#name ```` an excerpt. Any other word after `swift`, or after `output`, is a mistake in the
/// chapter, reported rather than silently shown as plain code.
enum FenceInfo: Equatable {
    /// An info string the workbook does not understand, and why.
    struct Invalid: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    case code(language: String?)
    case scenario(appleUnverified: Bool)
    case output
    case excerpt(source: String, region: String)

    /// - Throws: a message (without location) for an info string the workbook does not know.
    init(_ info: String) throws {
        let words = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let language = words.first else {
            self = .code(language: nil)
            return
        }
        let rest = Array(words.dropFirst())
        switch language {
        case "output":
            guard rest.isEmpty else {
                throw Invalid("unknown word `\(rest[0])` after ```output (an output block takes no options)")
            }
            self = .output
        case "swift":
            guard let word = rest.first else {
                self = .code(language: "swift")
                return
            }
            if word == "scenario" {
                switch rest.dropFirst().first {
                case nil:
                    self = .scenario(appleUnverified: false)
                case Scenario.appleUnverifiedMark? where rest.count == 2:
                    self = .scenario(appleUnverified: true)
                case let other?:
                    throw Invalid(rest.count == 2
                        ? "unknown word `\(other)` after ```swift scenario (the one mark a scenario takes is `\(Scenario.appleUnverifiedMark)`)"
                        : "a scenario takes at most one mark, `\(Scenario.appleUnverifiedMark)`, not \(rest.count - 1) words")
                }
                return
            }
            guard rest.count == 1 else {
                throw Invalid("a swift block takes one option, `scenario` or `excerpt=<file>#<name>`, not \(rest.count)")
            }
            if word.hasPrefix("excerpt=") {
                let reference = word.dropFirst("excerpt=".count)
                let parts = reference.split(separator: "#", omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw Invalid("an excerpt is written `excerpt=<file>#<name>`, not `\(word)`")
                }
                self = .excerpt(source: String(parts[0]), region: String(parts[1]))
            } else {
                throw Invalid("unknown word `\(word)` after ```swift (expected `scenario` or `excerpt=<file>#<name>`)")
            }
        default:
            self = .code(language: language)
        }
    }
}
