import Foundation

/// The words of the subject a language renders one way, `po/glossary/<name>.tsv`.
///
/// Each line is an English term, a tab, and the renderings accepted for it separated by
/// `|`: `demand	需求`. For an inflected language the renderings are stems (`спрос` accepts
/// `спроса`, `спросом`). Lines starting with `#` are comments. A translated message whose
/// English uses a term (outside inline code) must use one of its renderings.
public struct Glossary: Equatable, Sendable {
    public struct Term: Equatable, Sendable {
        public var english: String
        public var renderings: [String]
        public var line: Int
    }

    public var path: String
    public var terms: [Term]

    public init(path: String, terms: [Term]) {
        self.path = path
        self.terms = terms
    }

    /// `po/glossary/ja.tsv`.
    public static func path(for language: BookLanguage) -> String {
        "po/glossary/\(language.catalogueName).tsv"
    }

    /// Reads a glossary's text.
    ///
    /// - Throws: ``POFile/Invalid`` at a line without a term and a rendering.
    public init(text: String, path: String) throws {
        var terms: [Term] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let columns = line.split(separator: "\t", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let renderings = columns.count == 2 ? columns[1].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } : []
            guard columns.count == 2, !columns[0].isEmpty, !renderings.isEmpty else {
                throw POFile.Invalid(path: path, line: index + 1, message: "a glossary line is an English term, a tab, and its renderings separated by |")
            }
            terms.append(Term(english: columns[0].lowercased(), renderings: renderings, line: index + 1))
        }
        self.init(path: path, terms: terms)
    }

    /// The terms `english` uses that `translated` renders otherwise.
    func misses(english: String, translated: String) -> [Term] {
        let translatedLower = translated.lowercased()
        return terms.filter { term in
            Self.uses(term.english, in: english.lowercased())
                && !term.renderings.contains { translatedLower.contains($0.lowercased()) }
        }
    }

    /// True when `text` has `term` as a word, or as a word's start followed by an English
    /// ending (`demands`, `subscribed` for `subscribe`).
    static func uses(_ term: String, in text: String) -> Bool {
        var searchStart = text.startIndex
        while let range = text.range(of: term, range: searchStart..<text.endIndex) {
            searchStart = range.upperBound
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            if let before, before.isLetter { continue }
            let rest = text[range.upperBound...].prefix { $0.isLetter }
            if ["", "s", "es", "ed", "d", "ing"].contains(String(rest)) { return true }
        }
        return false
    }
}
