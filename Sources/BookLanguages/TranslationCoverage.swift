import ChapterModel
import Foundation

/// How much of each chapter a catalogue translates, for `workbook dev i18n status`.
public struct TranslationCoverage: Equatable, Sendable {
    public struct Counts: Equatable, Sendable {
        public var translated = 0
        public var fuzzy = 0
        public var untranslated = 0

        public var total: Int { translated + fuzzy + untranslated }
        /// Whole percent translated, rounded down so 99.6% never shows as 100%.
        public var percent: Int { total == 0 ? 100 : translated * 100 / total }
    }

    public var language: BookLanguage
    /// By chapter path, in book order.
    public var chapters: [(path: String, counts: Counts)]
    /// Entries for messages no chapter has any more: `update` makes them obsolete.
    public var stale: Int

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.language == rhs.language && lhs.stale == rhs.stale
            && lhs.chapters.map(\.path) == rhs.chapters.map(\.path) && lhs.chapters.map(\.counts) == rhs.chapters.map(\.counts)
    }

    public var total: Counts {
        chapters.reduce(into: Counts()) { sum, chapter in
            sum.translated += chapter.counts.translated
            sum.fuzzy += chapter.counts.fuzzy
            sum.untranslated += chapter.counts.untranslated
        }
    }

    /// Counts every message of every chapter (a message that appears twice counts twice).
    public static func measure(_ catalogue: TranslationCatalogue, chapters: [(path: String, markdown: String)]) throws -> TranslationCoverage {
        var result: [(path: String, counts: Counts)] = []
        var current: Set<String> = []
        for chapter in chapters {
            var counts = Counts()
            for message in try ChapterMessages.messages(inMarkdown: chapter.markdown, path: chapter.path) {
                current.insert(message.text)
                switch catalogue.lookup(message.text) {
                case .translated: counts.translated += 1
                case .fuzzy: counts.fuzzy += 1
                case .untranslated: counts.untranslated += 1
                }
            }
            result.append((chapter.path, counts))
        }
        let stale = catalogue.file.entries.filter { !current.contains($0.id) }.count
        return TranslationCoverage(language: catalogue.language, chapters: result, stale: stale)
    }
}
