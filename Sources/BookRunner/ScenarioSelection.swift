import ChapterModel
import Scenarios

/// The chapters compiled into the workbook, named as a learner names them, and which of
/// them differ from the chapters on disk: the generated scenarios' drift, which the tests
/// check. (What `workbook run` runs is the chapter on disk: ``AsWrittenRunner``.)
public struct ScenarioSelection {
    public var compiled: [ChapterScenarios]

    public init(compiled: [ChapterScenarios] = ScenarioCatalog.chapters) {
        self.compiled = compiled
    }

    /// The named chapters, in the order named; all of them when `names` is empty.
    ///
    /// - Throws: ``UnknownChapter`` listing the valid names.
    public func chapters(named names: [String]) throws -> [ChapterScenarios] {
        if names.isEmpty { return compiled }
        return try names.map { name in
            guard let chapter = compiled.first(where: { ChapterName.matches(name, number: $0.number, slug: $0.slug) }) else {
                throw UnknownChapter(name: name, validNames: compiled.map { "\($0.number) \($0.slug)" })
            }
            return chapter
        }
    }

    /// The chapters whose scenarios on disk differ from the compiled ones, that were not
    /// compiled at all, or that are compiled but gone: results are out of date until the next build.
    public func staleChapters(comparedWith book: Book) -> [String] {
        let changed = book.chapters.compactMap { chapter -> String? in
            guard let built = compiled.first(where: { $0.name == chapter.name }) else { return chapter.path }
            let onDisk = chapter.scenarios.map { [$0.code, $0.expectedOutput] }
            let inBuild = built.scenarios.map { [$0.code, $0.expectedOutput] }
            return onDisk == inBuild ? nil : chapter.path
        }
        let removed = compiled.filter { built in !book.chapters.contains { $0.name == built.name } }.map(\.path)
        return changed + removed
    }
}
