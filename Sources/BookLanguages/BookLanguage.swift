import Foundation

/// A language the book can be read in, and the catalogue that holds it.
///
/// Catalogues are `po/<catalogueName>.po`: `po/zh.po` (Simplified Chinese), `po/ja.po`,
/// `po/ru.po`. English is the chapters themselves and has none.
public struct BookLanguage: Hashable, Sendable, CustomStringConvertible {
    /// The BCP 47 tag, written into each page's `lang`: `zh-Hans`.
    public var tag: String
    /// The catalogue's file name without `.po`, and the shortest `--lang` value: `zh`.
    public var catalogueName: String
    /// The language's own name, for the language switcher: `简体中文`.
    public var nativeName: String
    public var englishName: String

    public var description: String { catalogueName }
    public var isEnglish: Bool { catalogueName == "en" }
    /// `po/zh.po`, relative to the package root; `nil` for English.
    public var cataloguePath: String? { isEnglish ? nil : "po/\(catalogueName).po" }

    public static let english = BookLanguage(tag: "en", catalogueName: "en", nativeName: "English", englishName: "English")
    public static let simplifiedChinese = BookLanguage(tag: "zh-Hans", catalogueName: "zh", nativeName: "简体中文", englishName: "Chinese (Simplified)")
    public static let japanese = BookLanguage(tag: "ja", catalogueName: "ja", nativeName: "日本語", englishName: "Japanese")
    public static let russian = BookLanguage(tag: "ru", catalogueName: "ru", nativeName: "Русский", englishName: "Russian")

    /// Every language, English first.
    public static let all: [BookLanguage] = [.english, .simplifiedChinese, .japanese, .russian]
    /// The languages that are catalogues.
    public static let translations: [BookLanguage] = Array(all.dropFirst())

    /// The language a locale name stands for, or `nil` when the book has no catalogue for it.
    ///
    /// Takes a POSIX locale (`ja_JP.UTF-8`, `zh_CN`, `ru_RU@euro`) or a BCP 47 tag (`zh-Hans`,
    /// `ja`). `C` and `POSIX` are English. Chinese is Simplified: `zh`, `zh_CN`, `zh_SG` and
    /// `zh-Hans` map to `po/zh.po`; `zh_TW`, `zh_HK`, `zh_MO` and `zh-Hant` (Traditional)
    /// map to nothing, since showing them Simplified text would be choosing for them.
    public static func forLocale(_ locale: String) -> BookLanguage? {
        let name = locale.split(separator: ".").first.map(String.init) ?? locale // drop `.UTF-8`
        let bare = name.split(separator: "@").first.map(String.init) ?? name     // drop `@euro`
        if bare == "C" || bare == "POSIX" { return .english }
        let parts = bare.replacingOccurrences(of: "-", with: "_").split(separator: "_").map { $0.lowercased() }
        guard let code = parts.first else { return nil }
        let rest = Set(parts.dropFirst())
        switch code {
        case "en": return .english
        case "ja": return .japanese
        case "ru": return .russian
        case "zh":
            if rest.contains("hant") || rest.contains("tw") || rest.contains("hk") || rest.contains("mo") { return nil }
            return .simplifiedChinese
        default: return nil
        }
    }

    /// The language the environment asks for, in POSIX's order: the first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set and not empty decides; when it names a language
    /// the book has no catalogue for (or none is set), English.
    public static func fromEnvironment(_ environment: [String: String]) -> BookLanguage {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty {
                return forLocale(value) ?? .english
            }
        }
        return .english
    }

    /// The language a command reads in: `--lang`'s when given (an error when the book has no
    /// catalogue for it), else the environment's.
    public static func chosen(option: String?, environment: [String: String]) throws -> BookLanguage {
        guard let option else { return fromEnvironment(environment) }
        guard let language = forLocale(option) else {
            throw POFile.Invalid(path: "--lang", line: nil, message: "no translation for '\(option)'; the languages are \(choices) (zh is Simplified Chinese)")
        }
        return language
    }

    /// What `--lang` accepts, for its help and its error.
    public static let choices = all.map(\.catalogueName).joined(separator: ", ")
}
