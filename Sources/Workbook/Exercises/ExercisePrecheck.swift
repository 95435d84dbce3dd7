import ExerciseChecks
import Foundation

/// Finds the exercise files that do not compile, each on its own, before the joint build.
///
/// SwiftPM stops a build at the first target that fails, so a class with twenty files
/// that do not compile would cost twenty builds, each planned anew. Once the grading
/// package has been built once, its modules are on disk, and the compiler can check each
/// file against them directly, in a fraction of a second and in parallel: `swiftc
/// -emit-sil` runs the type checker and the checks that come after it (definite
/// initialisation, missing returns), everything short of generating code. Only the files
/// that pass go to the joint build. Anything this does not explain is left to that build,
/// so a wrong guess here can cost time, never a grade.
struct ExercisePrecheck {
    let package: GradingPackage
    let workspace: ExerciseWorkspace
    let runProgram: (ChildProcess) throws -> ChildProcess.Result

    /// The build folder, `.build/<triple>/debug`: SwiftPM makes the `.build/debug` link to
    /// it only after a build succeeds, and the first build of a class may not.
    private var build: URL {
        let root = package.directory.appendingPathComponent(".build")
        let triples = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
        return triples.map { root.appendingPathComponent($0).appendingPathComponent("debug") }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules/ExerciseChecks.swiftmodule").path) }
            ?? root.appendingPathComponent("debug")
    }
    private var modules: URL { build.appendingPathComponent("Modules") }

    /// True once a build has left the checks' module behind, newer than every change to the
    /// library and the checks (a module older than them may lack a check, or have an old one).
    var isAvailable: Bool {
        LibraryFreshness.modulesAreCurrent(in: modules, for: workspace)
    }

    /// The first compiler error of each job that does not compile on its own.
    func errors(of jobs: [GradingJob]) -> [GradingJob: String] {
        let build = self.build
        let moduleMaps = ((try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? [])
            .map { build.appendingPathComponent($0).appendingPathComponent("module.modulemap") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        let errors = jobs.mapTwoAtATime { firstError(of: $0, build: build, moduleMaps: moduleMaps) }
        return Dictionary(uniqueKeysWithValues: zip(jobs, errors).compactMap { job, error in error.map { (job, $0) } })
    }

    private func firstError(of job: GradingJob, build: URL, moduleMaps: [URL]) -> String? {
        let sources = package.sources(of: job)
        var arguments = ["-emit-sil", "-wmo", "-o", "/dev/null", "-swift-version", "5",
                         "-module-name", "Precheck_\(job.targetName)",
                         "-I", build.appendingPathComponent("Modules").path, "-module-cache-path", build.appendingPathComponent("ModuleCache").path]
        arguments += moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
        arguments += [sources.appendingPathComponent("Exercise.swift").path, sources.appendingPathComponent("main.swift").path]
        guard let result = try? runProgram(ChildProcess("swiftc", arguments, timeout: 120)), !result.succeeded else { return nil }
        // Only an error on the job's own files counts; anything else is the joint build's to judge.
        return CompilerDiagnostic.errors(in: result.standardOutput + "\n" + result.standardError)
            .first { $0.file == job.displayPath || $0.file.hasPrefix(sources.path + "/") }?.text
    }
}
