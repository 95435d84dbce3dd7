import ExerciseCatalog
import Foundation
import Testing
@testable import Grading

/// Compositions of Combine's and the library's own publishers and operators that try to pass a
/// governed exercise without its work (`Instructor/Attacks/compositions/<Exercise>/`, issue 47):
/// none may pass, refused by the allow-list or failed by the check. Beside them, honest probes
/// (`HonestProbes/<Exercise>-<name>.swift`: a scheduler's timer, `Empty` for a countdown from
/// zero, the plain controls) must pass: the list must not refuse what the exercise allows.
@Suite(.serialized, .tags(.slow)) struct CompositionAttacksTests {
    static let workspace = SolutionTests.workspace
    static let folder = workspace.url("Instructor/Attacks/compositions")

    /// Every attack and probe, with its exercise.
    static func files() throws -> [(exercise: Exercise, name: String, file: URL, isProbe: Bool)] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter { !$0.contains(".") }.flatMap { group in
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(group).path).sorted().filter { $0.hasSuffix(".swift") }.map { file in
                let name = String(file.dropLast(".swift".count))
                let isProbe = group == "HonestProbes"
                let exerciseName = isProbe ? String(name.prefix { $0 != "-" }) : group
                let exercise = try #require(ExerciseManifest.all.first { $0.name == exerciseName }, "compositions/\(group)/\(file) is for no exercise")
                return (exercise, name, folder.appendingPathComponent(group).appendingPathComponent(file), isProbe)
            }
        }
    }

    @Test func noCompositionPassesAndEveryHonestProbeDoes() throws {
        let entries = try Self.files()
        let jobs = entries.enumerated().map { index, entry in
            GradingJob(exercise: entry.exercise, file: entry.file, displayPath: "compositions/\(entry.exercise.name)/\(entry.name).swift", group: "Composition\(index)")
        }
        let runs = try Grader.judgedByBuiltWorkbook(workspace: Self.workspace).grade(jobs)
        let governed = Set(ExerciseManifest.all.filter { OwnWork.allowed(for: $0) != nil }.map(\.name))
        for name in governed {
            #expect(entries.filter { !$0.isProbe && $0.exercise.name == name }.count >= 5, "\(name) has fewer than five composition attacks")
        }
        for (entry, job) in zip(entries, jobs) {
            let outcome = try #require(runs[job]?.outcome, "\(job.displayPath) was not graded")
            if entry.isProbe {
                #expect(outcome.isPassed, "the honest probe \(job.displayPath) ended \(outcome.label): \(outcome.detail ?? "")")
            } else {
                #expect(!outcome.isPassed, "the composition \(job.displayPath) passed")
            }
        }
    }
}
