import ChapterModel
import Foundation

/// A language's catalogue, `po/<name>.po`, as the chapters look their messages up in it.
public struct TranslationCatalogue: MessageCatalogue {
    public let path: String
    public let language: BookLanguage
    public var languageTag: String { language.tag }
    public let file: POFile
    private let entries: [String: POFile.Entry]

    public init(file: POFile, language: BookLanguage) {
        self.path = file.path
        self.file = file
        self.language = language
        var entries: [String: POFile.Entry] = [:]
        for entry in file.entries where entry.context == nil { entries[entry.id] = entry }
        self.entries = entries
    }

    public func lookup(_ message: String) -> CatalogueLookup {
        guard let entry = entries[message], !entry.translation.isEmpty else { return .untranslated }
        if entry.isFuzzy { return .fuzzy }
        return .translated(entry.translation, line: entry.translationLine)
    }

    /// Reads `po/<name>.po` under the package root.
    ///
    /// - Throws: ``POFile/Invalid`` when the file is missing, too large or malformed.
    public static func load(_ language: BookLanguage, packageRoot: URL) throws -> TranslationCatalogue {
        guard let path = language.cataloguePath else {
            throw POFile.Invalid(path: "po", line: nil, message: "English is the chapters themselves and has no catalogue")
        }
        let url = packageRoot.appendingPathComponent(path)
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw POFile.Invalid(path: path, line: nil, message: "no catalogue for \(language.englishName); the languages are \(BookLanguage.choices)")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: POFile.maximumBytes + 1)) ?? Data()
        return TranslationCatalogue(file: try POFile(bytes: Array(data), path: path), language: language)
    }
}
