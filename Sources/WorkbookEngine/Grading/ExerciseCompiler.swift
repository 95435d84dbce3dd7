import ChapterModel
import ChildProtocol
import Course
import Foundation

/// Compiles one exercise file into its grading program: the file as a module of its own,
/// walled off from everything but what an exercise may import, and a generated `main` that
/// drives the learner's code for the exercise's judge.
///
/// 1. The file is compiled alone, with ``ModuleWall`` as its only module search path, under
///    a time limit: it cannot see the checks, the engine or any other student's file, and a
///    file that takes too long to type-check is "does not compile" on its own.
/// 2. The program's own module, which the learner cannot write, is a generated `main.swift`
///    and the exercise's driver binding (`Sources/DriverBindings/<Name>.swift`, compiled with
///    `WORKBOOK_GRADING` and the learner's module standing in for `ExerciseStubs`, imported
///    `@testable` so the learner's types need not be public). `main` names the driver by
///    module (`ExerciseDriver::Driver`). The program holds no part of any check: the judge
///    runs the check in a process of its own, and only what the program answers reaches it.
/// 3. The program links the ``GradingKit`` library (the driver, the library, and what an
///    exercise may import), so linking it is quick.
///
/// A program is built again only when its inputs changed (the file, the binding, the kit) or
/// the program is no longer the file that was linked.
struct ExerciseCompiler {
    let kit: GradingKit
    let wall: ModuleWall
    /// Seconds the compiler may spend on one exercise file.
    let compileTimeLimit: Double
    let runProgram: (ChildProcess) throws -> ChildProcess.Result
    /// The kit's build folder (the library and the modules), found once for every job.
    let buildFolder: URL
    /// The flags both compiler runs of every job share.
    private let commonFlags: [String]
    /// When the kit's library was built: a program linked against an older one is stale.
    private let kitStamp: String
    /// Each exercise's binding, by exercise name; absent when the workbook has none.
    private let bindings: [String: String]

    /// Reads what every job shares, once: the kit's build folder, its C module maps and its
    /// library's date, and the bindings of `exercises` (a class has many files per exercise).
    init(kit: GradingKit, wall: ModuleWall, exercises: Set<Exercise>, compileTimeLimit: Double, runProgram: @escaping (ChildProcess) throws -> ChildProcess.Result) {
        self.kit = kit
        self.wall = wall
        self.compileTimeLimit = compileTimeLimit
        self.runProgram = runProgram
        buildFolder = kit.buildFolder
        commonFlags = ["-swift-version", "5", "-Onone", "-DSWIFT_PACKAGE", "-DDEBUG", "-module-cache-path", wall.moduleCache.path]
            + kit.cModuleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
        kitStamp = LibraryFreshness.modificationDate(kit.library)?.timeIntervalSince1970.description ?? ""
        bindings = Dictionary(uniqueKeysWithValues: exercises.compactMap { exercise in
            (try? String(contentsOf: kit.workspace.url(exercise.bindingPath), encoding: .utf8)).map { (exercise.name, $0) }
        })
    }

    func folder(of job: GradingJob) -> URL {
        kit.directory.appendingPathComponent("jobs/\(job.targetName)")
    }

    func program(of job: GradingJob) -> URL {
        folder(of: job).appendingPathComponent("program")
    }

    /// Builds `job`'s program from `text`; returns the first error, as
    /// `file:line:column: error: …`, when it does not build.
    func build(_ job: GradingJob, text: String) -> String? {
        let folder = folder(of: job)
        let exercise = folder.appendingPathComponent("Exercise.swift")
        let main = folder.appendingPathComponent("main.swift")
        let object = folder.appendingPathComponent("Exercise.o")
        let program = program(of: job)
        let learnerModule = "Exercise_\(job.targetName)"
        let exerciseText = "#sourceLocation(file: \(SwiftLiteral.string(job.sourceName)), line: 1)\n" + text + "\n#sourceLocation()\n"
        let mainText = Self.main(job)
        let binding = folder.appendingPathComponent("Binding.swift")
        guard let bindingText = bindings[job.exercise.name] else {
            return "\(job.sourceName): error: the workbook has no \(job.exercise.bindingPath) to check it with"
        }
        let key = [exerciseText, mainText, bindingText, kitStamp].joined(separator: "\u{0}")
        // The inputs, then the program's fingerprint when it was linked: a program changed
        // since (a learner's program without a sandbox can rename a script over another's)
        // is built again, never reused.
        let keyFile = folder.appendingPathComponent("inputs")
        if let built = ProgramFingerprint(program), FileManager.default.contents(atPath: keyFile.path) == Data((key + "\u{0}" + built.record).utf8) {
            return nil
        }
        do {
            try? FileManager.default.removeItem(at: folder)
            try FileWriting.writeIfChanged(exerciseText, to: exercise)
            try FileWriting.writeIfChanged(mainText, to: main)
            try FileWriting.writeIfChanged(bindingText, to: binding)
        } catch {
            return "\(job.sourceName): error: cannot write its grading program: \(error)"
        }

        let learner = ["-parse-as-library", "-wmo", "-enable-testing", "-module-name", learnerModule,
                       "-emit-module", "-emit-module-path", folder.appendingPathComponent("\(learnerModule).swiftmodule").path,
                       "-c", exercise.path, "-o", object.path, "-I", wall.directory.path] + commonFlags
        guard let compiled = try? runProgram(ChildProcess("swiftc", learner, timeout: compileTimeLimit)) else {
            return "\(job.sourceName): error: the compiler could not be started"
        }
        if compiled.termination == .timedOut {
            return "\(job.sourceName): error: type-checking took longer than \(Int(compileTimeLimit)) s; simplify the slowest expression (add type annotations)"
        }
        if !compiled.succeeded { return Self.firstError(compiled, job: job, wall: true) }

        // Two files, one frontend (`-wmo`): each frontend job would load every module again.
        let linking = ["-module-name", "Grading_\(job.targetName)", main.path, binding.path, object.path, "-o", program.path,
                       "-wmo", "-DWORKBOOK_GRADING", "-module-alias", "ExerciseStubs=\(learnerModule)",
                       "-I", folder.path, "-I", buildFolder.appendingPathComponent("Modules").path] + commonFlags
            + ["-L", buildFolder.path, "-l\(GradingKit.productName)", "-Xlinker", "-rpath", "-Xlinker", buildFolder.path]
        guard let linked = try? runProgram(ChildProcess("swiftc", linking, timeout: 300)) else {
            return "\(job.sourceName): error: the compiler could not be started"
        }
        if !linked.succeeded { return Self.firstError(linked, job: job, wall: false) }
        if let built = ProgramFingerprint(program) { try? Data((key + "\u{0}" + built.record).utf8).write(to: keyFile) }
        return nil
    }

    /// The generated `main.swift`: drives the learner's code with the exercise's binding,
    /// from a module the learner cannot write. It runs no check: the judge does.
    static func main(_ job: GradingJob) -> String {
        """
        // Generated by workbook: the \(job.exercise.name) driver for \(SwiftLiteral.comment(job.displayPath)).
        import ExerciseDriver

        ExerciseDriver::Driver.run(\(job.exercise.bindingType).self)

        """
    }

    /// The error that explains a failed compile or link, pinned on the learner's file.
    private static func firstError(_ result: ChildProcess.Result, job: GradingJob, wall: Bool) -> String {
        let output = result.standardOutput + "\n" + result.standardError
        let diagnostics = CompilerDiagnostic.errors(in: output)
        if let own = diagnostics.first(where: { $0.file == job.sourceName }) {
            guard wall, own.message.hasPrefix("no such module") else { return own.text }
            var explained = own
            explained.message += "; an exercise may import only \(ModuleWall.allowedImports.sorted().joined(separator: ", "))"
            return explained.text
        }
        if let other = diagnostics.first {
            // An error in the generated main: the check cannot use what the file declares.
            return "\(job.sourceName): error: the check cannot use your code: \(other.message)"
        }
        let line = output.split(separator: "\n").first { $0.contains("error") }.map { $0.trimmingCharacters(in: .whitespaces) }
        if !wall, let line { return "\(job.sourceName): error: it compiles but does not link: \(line)" }
        return "\(job.sourceName): error: \(line ?? "the compiler failed (\(result.termination))")"
    }
}
