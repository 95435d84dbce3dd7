import ExerciseChecks
import Foundation

/// Builds exercises into the ``GradingPackage`` and says which do not compile, and why.
struct ExerciseBuilder {
    let workspace: ExerciseWorkspace
    /// Seconds one `swift build` may take.
    let timeLimit: Double
    let log: (String) -> Void
    let runProgram: (ChildProcess) throws -> ChildProcess.Result

    /// Builds the exercises; returns the first compiler error of each one that does not compile.
    ///
    /// A failed build names the exercises it stumbled on. Those are set aside and the rest
    /// built again, until a build succeeds: an error can stop a build before it reaches the
    /// other exercises, so one pass is not enough. An error that names no exercise is
    /// tracked down by building each remaining exercise on its own; if one fails alone
    /// without naming itself, the workbook itself does not build.
    func build(_ exercises: [Exercise]) throws -> [Exercise: String] {
        var errors: [Exercise: String] = [:]
        var remaining = exercises
        while !remaining.isEmpty {
            let package = GradingPackage(workspace: workspace, exercises: remaining)
            try package.write()
            let firstTime = !FileManager.default.fileExists(atPath: package.directory.appendingPathComponent(".build").path)
            log("building \(remaining.count) exercise\(remaining.count == 1 ? "" : "s")…"
                + (firstTime ? " (the first time also builds the library and its dependencies: a minute or two)" : ""))
            let whole = try swiftBuild(package, product: nil)
            if whole.succeeded { return errors }
            if whole.termination == .timedOut {
                throw ExerciseError("`swift build` of the exercises took more than \(Int(timeLimit)) s and was stopped")
            }
            let output = whole.standardOutput + "\n" + whole.standardError
            let found = firstErrors(in: output, among: remaining)
            guard !found.isEmpty else {
                return try errors.merging(buildEachAlone(package, output), uniquingKeysWith: { first, _ in first })
            }
            errors.merge(found) { first, _ in first }
            remaining.removeAll { found[$0] != nil }
        }
        return errors
    }

    /// The last resort: builds each exercise of `package` alone, to pin an error the joint
    /// build did not attribute.
    private func buildEachAlone(_ package: GradingPackage, _ jointOutput: String) throws -> [Exercise: String] {
        guard package.exercises.count > 1 else { throw workbookDoesNotBuild(jointOutput) }
        var errors: [Exercise: String] = [:]
        for exercise in package.exercises {
            log("building \(exercise.name) on its own…")
            let alone = try swiftBuild(package, product: exercise)
            if alone.succeeded { continue }
            let output = alone.standardOutput + "\n" + alone.standardError
            guard let error = firstErrors(in: output, among: [exercise])[exercise] else { throw workbookDoesNotBuild(output) }
            errors[exercise] = error
        }
        return errors
    }

    private func swiftBuild(_ package: GradingPackage, product: Exercise?) throws -> ChildProcess.Result {
        var arguments = ["build", "--package-path", package.directory.path]
        if let product { arguments += ["--product", GradingPackage.targetName(of: product)] }
        return try runProgram(ChildProcess("swift", arguments, timeout: timeLimit))
    }

    /// The first error that names each exercise's own files.
    private func firstErrors(in output: String, among exercises: [Exercise]) -> [Exercise: String] {
        var errors: [Exercise: String] = [:]
        for diagnostic in CompilerDiagnostic.errors(in: output) {
            guard let exercise = exercises.first(where: { owns($0, diagnostic.file) }), errors[exercise] == nil else { continue }
            errors[exercise] = diagnostic.text
        }
        return errors
    }

    private func owns(_ exercise: Exercise, _ file: String) -> Bool {
        file == exercise.stubPath || file == exercise.bindingPath
            || file.contains("/.workbook/grade/Sources/\(exercise.name)/")
    }

    /// The build failed outside any exercise: nothing can be graded, say why in one line.
    private func workbookDoesNotBuild(_ output: String) -> ExerciseError {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let first = CompilerDiagnostic.errors(in: output).first?.text
            ?? lines.last(where: { $0.contains("error") })
            ?? lines.last
            ?? "swift build failed without saying why"
        return ExerciseError("the workbook itself does not build, so no exercise can be graded: \(first)")
    }
}
