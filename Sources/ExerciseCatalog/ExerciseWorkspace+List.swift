import Foundation
import WorkbookBasics

extension ExerciseWorkspace {
    /// This checkout's exercise list as its `Sources/ExerciseCatalog/exercises.json` says now, checked
    /// against its `Chapters/`, rather than the list compiled into the running workbook
    /// (``ExerciseManifest/all``): for a tool or a test that works on a list being edited.
    ///
    /// Throws an ``ExerciseListError`` (`Sources/ExerciseCatalog/exercises.json:12: error: …`) for a
    /// mistake in the list, and an ``WorkbookError`` when it cannot be read.
    public func readExerciseList() throws -> [Exercise] {
        let path = ExerciseListFile.path
        guard let data = FileManager.default.contents(atPath: url(path).path) else {
            throw WorkbookError("\(path) is missing: this checkout of the workbook is damaged")
        }
        let chapters = ((try? FileManager.default.contentsOfDirectory(atPath: url("Chapters").path)) ?? [])
            .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }
        return try ExerciseListFile.entries(in: String(decoding: data, as: UTF8.self), path: path, chapters: Set(chapters)).map {
            Exercise(name: $0.name, chapter: $0.chapter, summary: $0.summary, hints: $0.hints, points: $0.points,
                     yourOwn: $0.ownWork?.yourOwn, mayUse: $0.ownWork?.mayUse ?? [])
        }
    }
}
