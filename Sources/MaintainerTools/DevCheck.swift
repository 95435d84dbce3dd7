import ExerciseCatalog
import Foundation
import Grading
import GradeRecords
import WorkbookBasics

/// Everything about the exercises that a maintainer must keep true, checked in one pass
/// (`workbook dev check`, and the instructor's `SolutionTests` through ``DevCheck/run()``):
///
/// - the list's names are unique, and each has hints and a chapter in `Chapters/`;
/// - each has a stub, a solution and a check binding, and no stray file sits beside them;
/// - each binding declares the type the grading program calls, and names its check by module;
/// - every stub fails its check, quickly and without crashing, and every solution passes,
///   both graded by the same engine as a learner's file.
///
/// The last is what makes the checks trustworthy: a check a stub passes cannot tell work
/// from no work, and one a solution fails cannot be passed.
public struct DevCheck {
    public var workspace: ExerciseWorkspace
    public var exercises: [Exercise]
    public var grader: Grader

    public init(workspace: ExerciseWorkspace, exercises: [Exercise] = ExerciseManifest.all, grader: Grader) {
        self.workspace = workspace
        self.exercises = exercises
        self.grader = grader
    }

    /// What was checked, and each problem found.
    public struct Report {
        public var checked: [String] = []
        public var problems: [String] = []
        /// How each stub and each solution was graded, by exercise name.
        public var stubs: [String: ExerciseOutcome] = [:]
        public var solutions: [String: ExerciseOutcome] = [:]
        /// What each governed exercise's stub and solution use, module set aside
        /// (``ReferenceUsesSource``), where both compiled.
        public var uses: [String: Set<String>] = [:]
    }

    /// Throws, in one line, in a checkout without the reference solutions (the student
    /// edition): half of what it proves is that they pass.
    public func run() throws -> Report {
        try workspace.requireSolutions(for: "workbook dev check")
        var report = checkParts()
        try checkStubsAndSolutions(&report)
        return report
    }

    /// Every check but grading: the list, each exercise's files, the bindings. They read
    /// files only, so a test can run them on a workbook whose exercises do not compile.
    public func checkParts() -> Report {
        var report = Report()
        checkManifest(&report)
        checkFiles(&report)
        checkBindings(&report)
        checkPlaceholders(&report)
        return report
    }

    /// What `workbook dev new` left for a person to write: its mark in the list or in one
    /// of an exercise's files.
    private func checkPlaceholders(_ report: inout Report) {
        let mark = NewExercise.placeholderMark
        for exercise in exercises {
            if exercise.summary.contains(mark) || exercise.hints.contains(where: { $0.contains(mark) }) {
                report.problems.append("\(ExerciseManifest.path): \(exercise.name)'s summary or hints are still the placeholders of `workbook dev new`")
            }
            for path in NewExercise.paths(of: exercise) {
                guard let text = try? String(contentsOf: workspace.url(path), encoding: .utf8), text.contains(mark) else { continue }
                report.problems.append("\(path) still holds a \(mark) placeholder to write")
            }
        }
        report.checked.append("no placeholder of `workbook dev new` is left")
    }

    private func checkManifest(_ report: inout Report) {
        let names = exercises.map(\.name)
        for name in Set(names) where names.filter({ $0 == name }).count > 1 {
            report.problems.append("\(ExerciseManifest.path): the name \(name) is used more than once")
        }
        for exercise in exercises {
            if exercise.hints.isEmpty { report.problems.append("\(ExerciseManifest.path): \(exercise.name) has no hints") }
            if !FileManager.default.fileExists(atPath: workspace.url("Chapters/\(exercise.chapter).md").path) {
                report.problems.append("\(ExerciseManifest.path): \(exercise.name) names chapter \(exercise.chapter), but there is no Chapters/\(exercise.chapter).md")
            }
        }
        report.checked.append("\(exercises.count) exercises in the list: names unique, hints and chapters present")
    }

    private func checkFiles(_ report: inout Report) {
        let expected = Set(exercises.map { "\($0.name).swift" })
        for folder in ["Sources/ExerciseStubs", ExerciseWorkspace.solutionsFolder, "Sources/DriverBindings"] {
            let files = Set(((try? FileManager.default.contentsOfDirectory(atPath: workspace.url(folder).path)) ?? []).filter { !$0.hasPrefix(".") })
            for missing in expected.subtracting(files).sorted() {
                report.problems.append("\(folder)/\(missing) is missing")
            }
            for stray in files.subtracting(expected).sorted() {
                report.problems.append("\(folder)/\(stray) is not an exercise in the list")
            }
        }
        let learnerFiles = ((try? FileManager.default.contentsOfDirectory(atPath: workspace.url("Exercises").path)) ?? [])
            .filter { $0.hasSuffix(".swift") && $0 != "Package.swift" }
        for stray in Set(learnerFiles).subtracting(expected).sorted() {
            report.problems.append("Exercises/\(stray) is not an exercise in the list")
        }
        report.checked.append("each exercise has a stub, a solution and a driver binding, and nothing else is there")
    }

    /// What the compiler cannot see from the package: the grading program's `main` drives
    /// `<Name>Driver`, and a driver holds no part of the check (the judge does), so it
    /// imports no checks.
    private func checkBindings(_ report: inout Report) {
        for exercise in exercises {
            guard let text = try? String(contentsOf: workspace.url(exercise.bindingPath), encoding: .utf8) else { continue } // reported as missing
            if !text.contains("enum \(exercise.bindingType): DriverBinding") {
                report.problems.append("\(exercise.bindingPath) does not declare `enum \(exercise.bindingType): DriverBinding`, which the grading program drives")
            }
            if text.contains("ExerciseChecks") {
                report.problems.append("\(exercise.bindingPath) names the checks; a driver runs in the learner's process and must hold no part of a check")
            }
        }
        report.checked.append("each driver binding declares the type the grading program drives and holds no check")
    }

    private func checkStubsAndSolutions(_ report: inout Report) throws {
        let present = exercises.filter {
            FileManager.default.fileExists(atPath: workspace.url($0.stubPath).path)
                && FileManager.default.fileExists(atPath: workspace.url($0.solutionPath).path)
        }
        let stubs = present.map { GradingJob(exercise: $0, file: workspace.url($0.stubPath), displayPath: $0.stubPath, group: "Stub") }
        let solutions = present.map { GradingJob(exercise: $0, file: workspace.url($0.solutionPath), displayPath: $0.solutionPath, group: "Solution") }
        let runs = try grader.grade(stubs + solutions)
        for job in stubs {
            let outcome = runs[job]?.outcome ?? .notStarted
            report.stubs[job.exercise.name] = outcome
            if outcome.state != .failed {
                report.problems.append("\(job.displayPath): the stub must fail its check (quickly, without crashing), but it \(describe(outcome))")
            }
        }
        for job in solutions {
            let outcome = runs[job]?.outcome ?? .notStarted
            report.solutions[job.exercise.name] = outcome
            if !outcome.isPassed {
                report.problems.append("\(job.displayPath): the solution must pass its check, but it \(describe(outcome))")
            }
        }
        report.checked.append("\(stubs.count) stubs fail their checks and \(solutions.count) solutions pass them")
        for job in stubs + solutions where job.exercise.yourOwn != nil {
            report.uses[job.exercise.name, default: []].formUnion(ReferenceUsesSource.names(in: runs[job]?.uses ?? []))
        }
        #if os(Linux)
        let source = ReferenceUsesSource(uses: report.uses)
        if let difference = FileWriting.difference(of: source.text, at: workspace.url(ReferenceUsesSource.path)) {
            report.problems.append("\(ReferenceUsesSource.path) \(difference == .missing ? "is missing" : "is not what the stubs and solutions use"): run `swift run workbook dev uses` and commit it")
        } else {
            report.checked.append("what the governed exercises' stubs and solutions use is \(ReferenceUsesSource.path)")
        }
        #endif
    }

    private func describe(_ outcome: ExerciseOutcome) -> String {
        "\(outcome.label == "passed" ? "passed" : "ended \(outcome.label)")\(outcome.detail.map { ": \($0)" } ?? "")"
    }
}
