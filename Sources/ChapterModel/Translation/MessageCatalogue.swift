/// Where a chapter's prose comes from in another language: a catalogue of translated
/// messages, keyed by the English message.
///
/// The chapter stays the source. Each paragraph and heading of the English chapter is one
/// message (its inline Markdown, see ``ChapterMessages``); code, scenarios and output blocks
/// are never messages, so every language shows the same code and runs the same scenarios.
public protocol MessageCatalogue: Sendable {
    /// The catalogue's path relative to the package root, for messages: `po/ja.po`.
    var path: String { get }
    /// The BCP 47 tag of the language it translates into: `ja`, `zh-Hans`.
    var languageTag: String { get }
    func lookup(_ message: String) -> CatalogueLookup
}

/// What a catalogue holds for one English message.
public enum CatalogueLookup: Equatable, Sendable {
    /// A translation that is current: its Markdown and the catalogue line of its `msgstr`.
    case translated(String, line: Int)
    /// A translation of an earlier version of the message: never shown.
    case fuzzy
    /// No translation yet.
    case untranslated
}

/// Why a paragraph of a translated chapter is shown in English.
public enum EnglishFallback: String, Equatable, Sendable {
    /// The English changed since it was translated (gettext's `fuzzy`).
    case changed
    /// Nobody has translated it yet.
    case untranslated

    /// The marker's text, short enough to stand at the start of a paragraph.
    public var label: String {
        switch self {
        case .changed: return "EN · changed since translated"
        case .untranslated: return "EN · not yet translated"
        }
    }
}
