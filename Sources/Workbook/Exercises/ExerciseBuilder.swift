import ExerciseChecks
import Foundation

/// Builds grading jobs into the ``GradingPackage`` and says which do not compile, and why.
struct ExerciseBuilder {
    let workspace: ExerciseWorkspace
    /// Seconds one `swift build` may take.
    let timeLimit: Double
    let log: (String) -> Void
    let runProgram: (ChildProcess) throws -> ChildProcess.Result

    /// Builds the jobs; returns the first compiler error of each one that does not compile.
    ///
    /// Once the library has been built, each file is first checked on its own
    /// (``ExercisePrecheck``). Then a failed build names the jobs it stumbled on. Those are
    /// set aside and the rest built again, until a build succeeds: SwiftPM stops at the
    /// first target that fails, so one pass is not enough. An error that names no job is tracked down by building each
    /// remaining job on its own. If one fails alone without naming itself, the cause is
    /// outside the exercises: a damaged or moved build folder (it is cleared and the build
    /// tried once more), or else the workbook itself.
    func build(_ jobs: [GradingJob]) throws -> [GradingJob: String] {
        do {
            return try buildOnce(jobs)
        } catch is OutsideTheExercises {
            log("the grading build failed outside the exercises; clearing its build folder and building again…")
            let directory = GradingPackage(workspace: workspace, jobs: []).directory
            for item in [".build", "Package.resolved"] {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(item))
            }
            do {
                return try buildOnce(jobs)
            } catch let again as OutsideTheExercises {
                throw ExerciseError("the workbook itself does not build, so no exercise can be graded: \(again.firstError)")
            }
        }
    }

    /// A failure that no exercise file explains.
    private struct OutsideTheExercises: Error {
        var firstError: String
    }

    private func buildOnce(_ jobs: [GradingJob]) throws -> [GradingJob: String] {
        var errors: [GradingJob: String] = [:]
        var remaining = jobs
        // Once the library is built (before the first build, or after a first one that
        // failed), set aside the files that do not compile on their own, cheaply.
        let precheck = ExercisePrecheck(package: GradingPackage(workspace: workspace, jobs: jobs), workspace: workspace, runProgram: runProgram)
        var prechecked = false
        func precheckOnce() throws {
            guard !prechecked, remaining.count > 1, precheck.isAvailable else { return }
            prechecked = true
            try GradingPackage(workspace: workspace, jobs: remaining).write()
            log("checking \(remaining.count) exercise files on their own…")
            errors.merge(precheck.errors(of: remaining)) { first, _ in first }
            remaining.removeAll { errors[$0] != nil }
        }
        try precheckOnce()
        if remaining.count == 1 {
            // The learner's edit–check loop: skip planning the build again when it can.
            let package = GradingPackage(workspace: workspace, jobs: remaining)
            try package.write()
            if FastRebuild(package: package, workspace: workspace, runProgram: runProgram).rebuild(remaining[0]) { return errors }
        }
        while !remaining.isEmpty {
            let package = GradingPackage(workspace: workspace, jobs: remaining)
            try package.write()
            let firstTime = !precheck.isAvailable
            log("building \(remaining.count) exercise file\(remaining.count == 1 ? "" : "s")…"
                + (firstTime ? " (the first time also builds the library and its dependencies: a minute or two)" : ""))
            let whole = try swiftBuild(package, product: nil)
            if whole.succeeded { return errors }
            if whole.termination == .timedOut {
                throw ExerciseError("`swift build` of the exercises took more than \(Int(timeLimit)) s and was stopped")
            }
            let output = whole.standardOutput + "\n" + whole.standardError
            let found = firstErrors(in: output, among: remaining, package: package)
            guard !found.isEmpty else {
                return try errors.merging(buildEachAlone(package, output), uniquingKeysWith: { first, _ in first })
            }
            errors.merge(found) { first, _ in first }
            remaining.removeAll { found[$0] != nil }
            try precheckOnce()
        }
        return errors
    }

    /// The last resort: builds each job of `package` alone, to pin an error the joint
    /// build did not attribute.
    private func buildEachAlone(_ package: GradingPackage, _ jointOutput: String) throws -> [GradingJob: String] {
        guard package.jobs.count > 1 else { throw OutsideTheExercises(firstError: Self.firstError(in: jointOutput)) }
        var errors: [GradingJob: String] = [:]
        for job in package.jobs {
            log("building \(job.displayPath) on its own…")
            let alone = try swiftBuild(package, product: job)
            if alone.succeeded { continue }
            let output = alone.standardOutput + "\n" + alone.standardError
            guard let error = firstErrors(in: output, among: [job], package: package)[job] else {
                throw OutsideTheExercises(firstError: Self.firstError(in: output))
            }
            errors[job] = error
        }
        return errors
    }

    private func swiftBuild(_ package: GradingPackage, product: GradingJob?) throws -> ChildProcess.Result {
        var arguments = ["build", "--package-path", package.directory.path]
        if let product { arguments += ["--product", product.targetName] }
        return try runProgram(ChildProcess("swift", arguments, timeout: timeLimit))
    }

    /// The first error that names each job's own files; failing that, for a job whose own
    /// build products an error line names (a link error names the job's object files), that
    /// line. Either way an error is pinned only on the job it is about.
    private func firstErrors(in output: String, among jobs: [GradingJob], package: GradingPackage) -> [GradingJob: String] {
        var errors: [GradingJob: String] = [:]
        for diagnostic in CompilerDiagnostic.errors(in: output) {
            guard let job = jobs.first(where: { owns($0, diagnostic.file, package) }), errors[job] == nil else { continue }
            errors[job] = diagnostic.text
        }
        let errorLines = output.split(separator: "\n").filter { $0.contains("error") }
        for job in jobs where errors[job] == nil {
            if let line = errorLines.first(where: { $0.contains("/\(job.targetName).build/") || $0.contains("/\(job.targetName)'") || $0.hasSuffix("/\(job.targetName)") }) {
                errors[job] = "\(job.displayPath): error: it builds but does not link: \(line.trimmingCharacters(in: .whitespaces))"
            }
        }
        return errors
    }

    private func owns(_ job: GradingJob, _ file: String, _ package: GradingPackage) -> Bool {
        file == job.displayPath || file.hasPrefix(package.sources(of: job).path + "/")
    }

    /// The line that best says why a build failed: its first compiler error, else its
    /// last line that mentions an error.
    private static func firstError(in output: String) -> String {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return CompilerDiagnostic.errors(in: output).first?.text
            ?? lines.last(where: { $0.contains("error") })
            ?? lines.last
            ?? "swift build failed without saying why"
    }
}
