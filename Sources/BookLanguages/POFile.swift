import Foundation

/// A gettext catalogue (`.po` or `.pot`), read with bounds.
///
/// The workbook reads catalogues itself because a learner's machine may have no gettext.
/// A catalogue is data from a contributor, so the reader refuses anything it does not
/// understand with the file and line, and never reads more than ``maximumBytes``.
public struct POFile: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var context: String?
        public var id: String
        public var translation: String
        /// `#, fuzzy` and the other flags gettext writes.
        public var flags: Set<String>
        /// `#: Chapters/01-demand.md:12`, each as written.
        public var references: [String]
        /// `#.` comments: notes for the translator.
        public var extractedComments: [String]
        /// The line of `msgid`.
        public var line: Int
        /// The line of `msgstr`: where a problem with the translation is reported.
        public var translationLine: Int

        public init(context: String? = nil, id: String, translation: String = "", flags: Set<String> = [],
                    references: [String] = [], extractedComments: [String] = [], line: Int = 0, translationLine: Int = 0) {
            self.context = context
            self.id = id
            self.translation = translation
            self.flags = flags
            self.references = references
            self.extractedComments = extractedComments
            self.line = line
            self.translationLine = translationLine
        }

        public var isFuzzy: Bool { flags.contains("fuzzy") }
        /// The header entry (`msgid ""`), which holds the catalogue's metadata.
        public var isHeader: Bool { id.isEmpty && context == nil }
    }

    /// A catalogue larger than this is refused: the whole book's is well under a megabyte.
    public static let maximumBytes = 8 << 20

    public var path: String
    /// Every entry but the header and obsolete (`#~`) ones, in file order.
    public var entries: [Entry]
    /// The header's `msgstr`: `Language: ja`, `Content-Type: …`.
    public var header: String

    public init(path: String, entries: [Entry], header: String = "") {
        self.path = path
        self.entries = entries
        self.header = header
    }

    /// A problem in a catalogue, at its line.
    public struct Invalid: Error, Equatable, CustomStringConvertible, Sendable {
        public var path: String
        public var line: Int?
        public var message: String

        public var description: String {
            "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
        }
    }

    /// Parses a catalogue's bytes.
    ///
    /// - Throws: ``Invalid`` at the first line it cannot read: not UTF-8, a keyword it does
    ///   not know, an unterminated string, an unknown escape, plural forms (the book has none),
    ///   or two entries for one message.
    public init(bytes: [UInt8], path: String) throws {
        guard bytes.count <= Self.maximumBytes else {
            throw Invalid(path: path, line: nil, message: "larger than \(Self.maximumBytes >> 20) MiB; a catalogue of this book is far smaller")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Invalid(path: path, line: nil, message: "not valid UTF-8; gettext catalogues of this book are UTF-8")
        }
        var parser = POParser(path: path)
        try parser.parse(text)
        self.path = path
        self.entries = parser.entries
        self.header = parser.header
    }

    /// The header's value for a field, such as `Language`.
    public func headerField(_ name: String) -> String? {
        for line in header.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}

/// The state machine behind ``POFile/init(bytes:path:)``.
struct POParser {
    let path: String
    var entries: [POFile.Entry] = []
    var header = ""

    private enum Field { case context, id, translation }
    private var current = POFile.Entry(id: "")
    private var field: Field?
    private var hasID = false
    private var hasTranslation = false
    private var seen: Set<String> = []

    init(path: String) {
        self.path = path
    }

    mutating func parse(_ text: String) throws {
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty {
                try finishEntry(at: lineNumber)
            } else if trimmed.hasPrefix("#~") || trimmed.hasPrefix("#|") {
                continue // obsolete entries and previous msgids are not the catalogue's content
            } else if trimmed.hasPrefix("#") {
                if hasTranslation { try finishEntry(at: lineNumber) }
                readComment(trimmed)
            } else if trimmed.hasPrefix("\"") {
                guard let field else { throw invalid(lineNumber, "a string with no msgid or msgstr before it") }
                append(try Self.string(trimmed, line: lineNumber, path: path), to: field)
            } else {
                try readKeyword(trimmed, line: lineNumber)
            }
        }
        try finishEntry(at: lineNumber + 1)
    }

    private mutating func readComment(_ line: Substring) {
        if line.hasPrefix("#,") {
            for flag in line.dropFirst(2).split(separator: ",") {
                current.flags.insert(flag.trimmingCharacters(in: .whitespaces))
            }
        } else if line.hasPrefix("#:") {
            current.references += line.dropFirst(2).split(separator: " ").map(String.init)
        } else if line.hasPrefix("#.") {
            current.extractedComments.append(String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces))
        }
    }

    private mutating func readKeyword(_ line: Substring, line lineNumber: Int) throws {
        let keyword = line.prefix { $0 != " " && $0 != "\t" && $0 != "\"" }
        let rest = line.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" }
        let value = try Self.string(rest, line: lineNumber, path: path)
        switch keyword {
        case "msgctxt":
            if hasTranslation { try finishEntry(at: lineNumber) }
            guard !hasID, current.context == nil else { throw invalid(lineNumber, "msgctxt after this entry's msgid") }
            current.context = value
            field = .context
        case "msgid":
            if hasTranslation { try finishEntry(at: lineNumber) }
            guard !hasID else { throw invalid(lineNumber, "a second msgid in one entry (is a msgstr missing above?)") }
            hasID = true
            current.id = value
            current.line = lineNumber
            field = .id
        case "msgstr":
            guard hasID else { throw invalid(lineNumber, "msgstr with no msgid before it") }
            guard !hasTranslation else { throw invalid(lineNumber, "a second msgstr in one entry") }
            hasTranslation = true
            current.translation = value
            current.translationLine = lineNumber
            field = .translation
        case "msgid_plural", "msgstr[0]", "msgstr[1]", "msgstr[2]", "msgstr[3]":
            throw invalid(lineNumber, "plural forms: the book's messages have none")
        default:
            throw invalid(lineNumber, "'\(keyword.prefix(40))' is not a gettext keyword (msgctxt, msgid, msgstr) or a comment")
        }
    }

    private mutating func append(_ text: String, to field: Field) {
        switch field {
        case .context: current.context = (current.context ?? "") + text
        case .id: current.id += text
        case .translation: current.translation += text
        }
    }

    private mutating func finishEntry(at lineNumber: Int) throws {
        defer {
            current = POFile.Entry(id: "")
            field = nil
            hasID = false
            hasTranslation = false
        }
        guard hasID else { return }
        guard hasTranslation else { throw invalid(current.line, "this msgid has no msgstr") }
        if current.isHeader {
            header = current.translation
            return
        }
        let key = (current.context ?? "") + "\u{4}" + current.id
        guard seen.insert(key).inserted else {
            throw invalid(current.line, "a second entry for the same message; msguniq merges them")
        }
        entries.append(current)
    }

    private func invalid(_ line: Int, _ message: String) -> POFile.Invalid {
        POFile.Invalid(path: path, line: line, message: message)
    }

    /// A C string literal, `"…"`, with gettext's escapes.
    static func string(_ literal: Substring, line: Int, path: String) throws -> String {
        var body = literal
        while body.last == " " || body.last == "\t" { body.removeLast() }
        guard body.count >= 2, body.first == "\"", body.last == "\"" else {
            throw POFile.Invalid(path: path, line: line, message: "a string in double quotes was expected here")
        }
        body = body.dropFirst().dropLast()
        var result = ""
        var escaping = false
        for character in body {
            if escaping {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "\\": result.append("\\")
                case "\"": result.append("\"")
                default: throw POFile.Invalid(path: path, line: line, message: "unknown escape \\\(character); use \\n, \\t, \\\\ or \\\"")
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "\"" {
                throw POFile.Invalid(path: path, line: line, message: "a double quote inside a string must be written \\\"")
            } else {
                result.append(character)
            }
        }
        if escaping { throw POFile.Invalid(path: path, line: line, message: "the string ends in a lone backslash") }
        return result
    }
}
