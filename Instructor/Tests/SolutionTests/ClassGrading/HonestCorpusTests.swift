import ExerciseCatalog
import Foundation
import Testing
@testable import Grading

/// No honest solution is refused (issue 47): independent solutions of every exercise that
/// asks for the learner's own work, and of two that do not but calibrate the similarity
/// report (issue 48) (`Instructor/Tests/HonestCorpus/<Exercise>/<author>.swift`),
/// each written without the reference or another author's code, in designs the checks did
/// not expect (locks, enum state machines, class hierarchies, the hints followed step by
/// step). Each must pass its check and be allowed, graded by the same engine as a class:
/// the corpus is the allow-list's regression test.
@Suite(.serialized, .tags(.slow)) struct HonestCorpusTests {
    static let workspace = SolutionTests.workspace
    static let corpus = workspace.url("Instructor/Tests/HonestCorpus")

    /// Every file of the corpus, with its exercise and author.
    static func entries() throws -> [(exercise: Exercise, author: String, file: URL)] {
        try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted().filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.flatMap { name in
            let exercise = try #require(ExerciseManifest.all.first { $0.name == name }, "HonestCorpus/\(name) is not an exercise")
            let folder = corpus.appendingPathComponent(name)
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter { $0.hasSuffix(".swift") }.map { file in
                (exercise, String(file.dropLast(".swift".count)), folder.appendingPathComponent(file))
            }
        }
    }

    /// One grading for the suite: 24 files or more.
    static let graded = Result { () -> [(exercise: Exercise, author: String, graded: Grader.Graded)] in
        let jobs = try entries().map { entry in
            (entry, GradingJob(exercise: entry.exercise, file: entry.file, displayPath: "HonestCorpus/\(entry.exercise.name)/\(entry.author).swift", group: "Honest_" + entry.author.replacingOccurrences(of: "-", with: "_")))
        }
        let runs = try Grader.judgedByBuiltWorkbook(workspace: workspace).grade(jobs.map(\.1))
        return try jobs.map { entry, job in (entry.exercise, entry.author, try #require(runs[job], "\(job.displayPath) was not graded")) }
    }

    @Test func everyGovernedExerciseHasFourAuthorsTwoOfThemFollowingTheHints() throws {
        let byExercise = Dictionary(grouping: try Self.entries(), by: \.exercise.name)
        let governed = ExerciseManifest.all.filter { OwnWork.allowed(for: $0) != nil }.map(\.name)
        for name in governed {
            let authors = byExercise[name]?.map(\.author) ?? []
            #expect(authors.count >= 4, "\(name): \(authors)")
            #expect(authors.filter { $0.hasPrefix("hints-") }.count >= 2, "\(name): \(authors)")
        }
    }

    @Test func everyHonestSolutionPassesItsCheckAndIsAllowed() throws {
        let graded = try Self.graded.get()
        #expect(graded.count >= 24)
        for (exercise, author, result) in graded {
            #expect(result.outcome.isPassed, "\(exercise.name) by \(author): \(result.outcome.label) \(result.outcome.detail ?? "")")
            // Allowed name by name, not only passed: a pass says so only while the list is on.
            // (An exercise that asks for no work of one's own has no list: BatchSink's and
            // ChunkReader's corpora are the similarity report's, issue 48.)
            guard let allowed = OwnWork.allowed(for: exercise) else { continue }
            let uses = try #require(result.uses, "\(exercise.name) by \(author): no record of what its object uses")
            let refused = uses.compactMap { record in record.firstIndex(of: ".").map { String(record[record.index(after: $0)...]) } }.filter { !OwnWork.allows(allowed, $0) }
            #expect(refused.isEmpty, "\(exercise.name) by \(author) uses \(refused)")
        }
    }
}
