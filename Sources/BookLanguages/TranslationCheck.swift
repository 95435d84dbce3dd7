import ChapterModel
import Foundation

/// What the build checks of a language's catalogue, against the chapters as they are now.
///
/// - every current translation keeps its English message's inline code, link targets and
///   citations, so a translated citation cannot drift from its evidence;
/// - it renders every glossary term its English uses as the glossary says;
/// - it is one paragraph of inline Markdown, so it can stand where its English stood;
/// - the translated book holds every English scenario, unchanged and in order.
///
/// Fuzzy and untranslated messages are not problems: the reader shows their English, marked.
public struct TranslationCheck {
    public var packageRoot: URL

    public init(packageRoot: URL) {
        self.packageRoot = packageRoot
    }

    /// One problem, at the catalogue's (or glossary's) line.
    public struct Problem: Equatable, CustomStringConvertible, Sendable {
        public var path: String
        public var line: Int?
        public var message: String

        public var description: String {
            "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
        }
    }

    public func problems(in language: BookLanguage) throws -> [Problem] {
        let catalogue: TranslationCatalogue
        do {
            catalogue = try TranslationCatalogue.load(language, packageRoot: packageRoot)
        } catch let invalid as POFile.Invalid {
            return [Problem(path: invalid.path, line: invalid.line, message: invalid.message)]
        }
        var problems: [Problem] = []
        let glossary: Glossary?
        do {
            glossary = try loadGlossary(language)
        } catch let invalid as POFile.Invalid {
            problems.append(Problem(path: invalid.path, line: invalid.line, message: invalid.message))
            glossary = nil
        }
        let chapters = try MessageTemplate.chapterFiles(packageRoot: packageRoot)
        for entry in try MessageTemplate.entries(chapters: chapters) {
            guard case .translated(let translation, let line) = catalogue.lookup(entry.id) else { continue }
            do {
                let english = MessageMarks(try ChapterMessages.inlines(of: entry.id, path: entry.references.first ?? "", line: 0))
                let translated = MessageMarks(try ChapterMessages.inlines(of: translation, path: catalogue.path, line: line))
                if let difference = english.difference(from: translated) {
                    problems.append(Problem(path: catalogue.path, line: line, message: difference))
                }
                for term in glossary?.misses(english: english.prose, translated: translated.prose) ?? [] {
                    problems.append(Problem(path: catalogue.path, line: line, message: "'\(term.english)' is rendered otherwise than the glossary says (\(term.renderings.joined(separator: " | ")), \(Glossary.path(for: language)):\(term.line))"))
                }
            } catch let error as ChapterError {
                problems.append(Problem(path: error.path, line: error.line, message: error.message))
            }
        }
        problems += try scenarioProblems(language, catalogue: catalogue)
        return problems
    }

    private func loadGlossary(_ language: BookLanguage) throws -> Glossary? {
        let path = Glossary.path(for: language)
        guard let data = FileManager.default.contents(atPath: packageRoot.appendingPathComponent(path).path) else { return nil }
        guard data.count <= 1 << 20, let text = String(data: data, encoding: .utf8) else {
            throw POFile.Invalid(path: path, line: nil, message: "not a UTF-8 text file under 1 MiB")
        }
        return try Glossary(text: text, path: path)
    }

    /// The translated book must hold the English book's scenarios, one for one.
    private func scenarioProblems(_ language: BookLanguage, catalogue: TranslationCatalogue) throws -> [Problem] {
        let english = try Book.load(packageRoot: packageRoot)
        let translated: Book
        do {
            translated = try Book.load(packageRoot: packageRoot, translation: catalogue)
        } catch let error as ChapterError {
            return [Problem(path: error.path, line: error.line, message: error.message)]
        }
        var problems: [Problem] = []
        for (englishChapter, translatedChapter) in zip(english.chapters, translated.chapters) {
            let expected = englishChapter.scenarios.map(ScenarioIdentity.init)
            let found = translatedChapter.scenarios.map(ScenarioIdentity.init)
            if expected != found {
                problems.append(Problem(path: englishChapter.path, line: nil, message: "the \(language.englishName) book shows \(found.count) scenarios where the English shows \(expected.count), or changes one: every language runs the same scenarios"))
            }
        }
        return problems
    }

    /// What makes two scenarios the same one: what runs and what it must print.
    private struct ScenarioIdentity: Equatable {
        var number: Int
        var code: String
        var expectedOutput: String
        var isAppleUnverified: Bool

        init(_ scenario: Scenario) {
            number = scenario.number
            code = scenario.code
            expectedOutput = scenario.expectedOutput
            isAppleUnverified = scenario.isAppleUnverified
        }
    }
}
