import WorkbookBasics
import ChildContract
import ExerciseCatalog
import Foundation
import ChildProcesses
import FileFingerprints
import ObjectInspection

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
/// 4. Both compiles run in the ``Sandbox``, the link included: the linker obeys flags that an
///    object file carries (`.swift1_autolink_entries`), so whatever a learner smuggles into
///    it acts inside, as an unprivileged user, with the job's folder the only one it may
///    write. Each step has the same time limit, a memory limit, and a share of its
///    student's ``StudentBudget``. The module cache is filled before (``warmModuleCache(with:)``)
///    and read-only to every step.
///
/// A program is built again only when its inputs changed (the file, the binding, the kit) or
/// the program is no longer the file that was linked.
struct ExerciseCompiler: Sendable {
    let kit: GradingKit
    let wall: ModuleWall
    /// Seconds the compiler may spend on one step (the file's compile, the program's).
    let compileTimeLimit: Double
    let runProgram: ChildProcess.Runner
    /// Where each compiler step runs: it reads the learner's file, and the link runs
    /// whatever linker flags an object file carries, so both are sandboxed.
    let sandbox: Sandbox
    /// Each student's compile time in this grading.
    let budget: StudentBudget
    /// The kit's build folder (the library and the modules), found once for every job.
    let buildFolder: URL
    /// The flags both compiler runs of every job share.
    private let commonFlags: [String]
    /// The command that starts the compiler's frontend, found once for every job.
    private let frontend: [String]
    /// The C module maps of the exercise's compile, and of the program's.
    private let learnerMaps: [URL]
    private let programMaps: [URL]
    /// What every step reads besides the toolchain: the kit's modules and library, the wall,
    /// the module cache and the C modules' folders.
    private let readable: [URL]
    /// Which kit the programs link (``GradingKit/identity``): one linked against another is stale.
    private let kitStamp: String
    /// Each exercise's binding, by exercise name; absent when the workbook has none.
    private let bindings: [String: String]
    /// The compiler's driver.
    private var swiftc: String { sandbox.toolchain?.swiftc ?? "swiftc" }
    /// The linker to use: the toolchain's own `lld` where it has one (Linux), which links a
    /// program with half the time of the system's default `gold`.
    private static func linkerFlags(_ toolchain: Toolchain?) -> [String] {
        #if os(Linux)
        if let toolchain,
           FileManager.default.isExecutableFile(atPath: toolchain.folder.appendingPathComponent("bin/ld.lld").path) {
            return ["-use-ld=lld"]
        }
        #endif
        return []
    }
    /// The flags of the program's build: the shared ones and the linker's.
    private let programFlags: [String]
    /// The commands of the learner's compile and of the program's, as the driver plans them.
    private let learnerPlan: DriverPlan?
    private let programPlan: DriverPlan?
    /// Where each step's time goes, when `--timings` asks (``GradingTimings``).
    var timings: GradingTimings?

    /// Reads what every job shares, once: the kit's build folder, its C module maps and its
    /// identity, and the bindings of `exercises` (a class has many files per exercise).
    init(kit: GradingKit, wall: ModuleWall, exercises: Set<Exercise>, compileTimeLimit: Double, sandbox: Sandbox,
         budget: StudentBudget, runProgram: @escaping ChildProcess.Runner) {
        self.kit = kit
        self.wall = wall
        self.compileTimeLimit = compileTimeLimit
        self.sandbox = sandbox
        self.budget = budget
        self.runProgram = runProgram
        buildFolder = kit.buildFolder
        commonFlags = ["-swift-version", "5", "-Onone", "-DSWIFT_PACKAGE", "-DDEBUG", "-module-cache-path", wall.moduleCache.path]
        frontend = sandbox.frontend
        learnerMaps = wall.learnerModuleMaps
        programMaps = wall.programModuleMaps
        // Of the workbook's build folder, only the modules and the kit's library: not the
        // judge, the tests or any other product built there.
        readable = [kit.modules, kit.dynamicLibrary, wall.directory, wall.moduleCache] + ModuleWall.folders(of: programMaps)
        kitStamp = kit.identity ?? ""
        bindings = Dictionary(uniqueKeysWithValues: exercises.compactMap { exercise in
            (try? String(contentsOf: kit.workspace.url(exercise.bindingPath), encoding: .utf8)).map { (exercise.name, $0) }
        })
        let jobs = kit.directory.appendingPathComponent("jobs")
        let swiftc = sandbox.toolchain?.swiftc ?? "swiftc"
        programFlags = commonFlags + Self.linkerFlags(sandbox.toolchain ?? Toolchain.current)
        learnerPlan = DriverPlan.plan(swiftc: swiftc, arguments: Self.learnerArguments(target: DriverPlan.placeholder, jobs: jobs, wall: wall,
                                                                                      commonFlags: commonFlags, maps: learnerMaps),
                                      keptIn: kit.directory.appendingPathComponent("learner-plan.json"), runProgram: runProgram)
        programPlan = DriverPlan.plan(swiftc: swiftc, arguments: Self.programArguments(target: DriverPlan.placeholder, jobs: jobs, buildFolder: buildFolder,
                                                                                      commonFlags: programFlags, maps: programMaps),
                                      keptIn: kit.directory.appendingPathComponent("program-plan.json"), runProgram: runProgram)
    }

    /// The driver's arguments that build the program of the job named `target`: its `main`
    /// and the exercise's binding, compiled against the learner's module and linked with
    /// the learner's object and the kit.
    private static func programArguments(target: String, jobs: URL, buildFolder: URL, commonFlags: [String], maps: [URL]) -> [String] {
        let folder = jobs.appendingPathComponent(target)
        // Two files, one frontend (`-wmo`): each frontend job would load every module again.
        return ["-module-name", "Grading_\(target)", folder.appendingPathComponent("main.swift").path, folder.appendingPathComponent("Binding.swift").path,
                folder.appendingPathComponent("Exercise.o").path, "-o", folder.appendingPathComponent("program").path,
                "-wmo", "-DWORKBOOK_GRADING", "-module-alias", "ExerciseStubs=Exercise_\(target)",
                "-I", folder.path, "-I", buildFolder.appendingPathComponent("Modules").path] + commonFlags + flags(for: maps)
            + ["-L", buildFolder.path, "-l\(GradingKit.productName)", "-Xlinker", "-rpath", "-Xlinker", kitRunPath]
    }

    /// The driver's arguments that compile the learner's file of the job named `target` as
    /// a module of its own, walled off, into an object and a module in the job's folder.
    private static func learnerArguments(target: String, jobs: URL, wall: ModuleWall, commonFlags: [String], maps: [URL]) -> [String] {
        let folder = jobs.appendingPathComponent(target)
        let module = "Exercise_\(target)"
        // One frontend writes the object and the module: by default the driver starts a
        // second one only to emit the module, which costs a learner a quarter of a second.
        // Metadata by accessor functions, not by mangled names: then the runtime's by-name
        // lookups (`swift_getTypeByMangledNameInContext2`) are never the compiler's own call,
        // and a file that reaches one (by an attribute an `#if` hid from the screen) is refused.
        return ["-parse-as-library", "-wmo", "-no-emit-module-separately-wmo", "-enable-testing", "-module-name", module,
                "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
                "-emit-module", "-emit-module-path", folder.appendingPathComponent("\(module).swiftmodule").path,
                "-emit-loaded-module-trace-path", folder.appendingPathComponent("imports.json").path,
                "-c", folder.appendingPathComponent("Exercise.swift").path, "-o", folder.appendingPathComponent("Exercise.o").path,
                "-I", wall.directory.path] + commonFlags + flags(for: maps)
    }

    /// Where a program finds the kit: beside its own folder, as `kit`. In the check's sandbox
    /// that is ``Sandbox/kitInside`` beside ``Sandbox/jobInside``; on the host it is the
    /// link ``linkKit()`` makes in the jobs' folder. No absolute path of the host's is in a
    /// program, which can read its own file.
    static let kitRunPath = "$ORIGIN/../kit"

    /// The link `jobs/kit` to the kit's build folder, for programs run outside bubblewrap.
    func linkKit() {
        let link = kit.directory.appendingPathComponent("jobs/kit")
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == buildFolder.path { return }
        try? FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: link)
        try? FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: buildFolder.path)
    }

    func folder(of job: GradingJob) -> URL {
        kit.directory.appendingPathComponent("jobs/\(job.targetName)")
    }

    func program(of job: GradingJob) -> URL {
        folder(of: job).appendingPathComponent("program")
    }

    /// What a job's program was built from, kept beside its folder: the sandboxed steps may
    /// write in the folder, never here.
    private func record(of job: GradingJob) -> URL {
        kit.directory.appendingPathComponent("jobs/\(job.targetName).inputs")
    }

    /// The governed names (``UsedName``) `job`'s compiled object uses, one a line, as its
    /// last build found them: beside its folder, where the sandboxed steps cannot write.
    /// `workbook dev uses` reads the stubs' and the solutions' to list what they use.
    func usesRecord(of job: GradingJob) -> URL {
        kit.directory.appendingPathComponent("jobs/\(job.targetName).uses")
    }

    /// The names in ``usesRecord(of:)``, or nil when `job`'s last build did not get as far.
    func usedNames(of job: GradingJob) -> [String]? {
        guard case .success(let data) = PlainFile.read(usesRecord(of: job), limit: BorrowedWork.listingLimit) else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Builds `job`'s program from `text`; returns the first error, as
    /// `file:line:column: error: …`, when it does not build.
    func build(_ job: GradingJob, text: String) -> String? {
        let folder = folder(of: job)
        let exercise = folder.appendingPathComponent("Exercise.swift")
        let main = folder.appendingPathComponent("main.swift")
        let trace = folder.appendingPathComponent("imports.json")
        let program = program(of: job)
        let learnerModule = "Exercise_\(job.targetName)"
        let exerciseText = "#sourceLocation(file: \(SwiftLiteral.string(job.sourceName)), line: 1)\n" + text + "\n#sourceLocation()\n"
        let mainText = Self.main(job)
        let binding = folder.appendingPathComponent("Binding.swift")
        guard let bindingText = bindings[job.exercise.name] else {
            return "\(job.sourceName): error: the workbook has no \(job.exercise.bindingPath) to check it with"
        }
        let allowed = OwnWork.allowed(for: job.exercise).map { $0.sorted().joined(separator: "\n") } ?? "anything"
        let key = [exerciseText, mainText, bindingText, kitStamp, Self.kitRunPath, allowed, BorrowedWork.rulesStamp].joined(separator: "\u{0}")
        // The inputs, then the program's fingerprint when it was linked: a program changed
        // since is built again, never reused.
        let keyFile = record(of: job)
        if let built = ProgramFingerprint(program), FileManager.default.contents(atPath: keyFile.path) == Data((key + "\u{0}" + built.record).utf8),
           FileManager.default.fileExists(atPath: usesRecord(of: job).path) {
            return nil
        }
        do {
            try? FileManager.default.removeItem(at: keyFile)
            try? FileManager.default.removeItem(at: usesRecord(of: job))
            TreeRemoval.remove(folder)
            try FileWriting.writeIfChanged(exerciseText, to: exercise)
            try FileWriting.writeIfChanged(mainText, to: main)
            try FileWriting.writeIfChanged(bindingText, to: binding)
        } catch {
            return "\(job.sourceName): error: cannot write its grading program: \(error)"
        }

        // Whatever the outcome, the folder keeps the program alone when the build ends.
        defer { Self.keepOnlyProgram(in: folder) }
        let importList = folder.appendingPathComponent("imported-modules.txt")
        let symbolList = folder.appendingPathComponent(BorrowedWork.listingName)
        let sectionList = folder.appendingPathComponent(LinkerRequests.sectionsListing)
        let autolinkList = folder.appendingPathComponent(LinkerRequests.autolinkListing)
        let learner = [importListing(of: exercise, module: learnerModule, into: importList)]
            + (learnerPlan?.commands(forTarget: job.targetName, temporary: folder)
                ?? [[swiftc] + Self.learnerArguments(target: job.targetName, jobs: folder.deletingLastPathComponent(), wall: wall,
                                                     commonFlags: commonFlags, maps: learnerMaps)])
            + [objectListing(of: folder.appendingPathComponent("Exercise.o"), symbols: symbolList, sections: sectionList, autolink: autolinkList)]
        let compiled: ChildProcess.Result
        // The object inspection's time: from its first listing's creation to its last's
        // close, as the kernel shows them on the host (never a time the step reports).
        let listings = [symbolList.lastPathComponent + ".mangled", symbolList.lastPathComponent, sectionList.lastPathComponent, autolinkList.lastPathComponent]
        let events = timings == nil ? nil : FolderEvents(folder: folder, names: Set(listings))
        let compileStarted = GradingTimings.now()
        let compileStep = step(learner, for: job)
        if let timings {
            let seconds = GradingTimings.now() - compileStarted
            let seen = events?.stop()
            let inspection = seen.flatMap { seen in
                listings.compactMap { seen.created[$0] }.min().flatMap { start in seen.closed[autolinkList.lastPathComponent].map { max(0, $0 - start) } }
            }
            timings.update(job.timingName) { $0.compileStep = seconds; $0.inspection = inspection }
        }
        switch compileStep {
        case .failure(let error): return error.message
        case .success(let result): compiled = result
        }
        if compiled.termination == .timedOut {
            return "\(job.sourceName): error: type-checking took longer than \(Int(compileTimeLimit)) s; simplify the slowest expression (add type annotations)"
        }
        if !compiled.succeeded {
            let lastLine = text.split(separator: "\n", omittingEmptySubsequences: false).count
            return Self.firstError(compiled, job: job, wall: true, memoryLimit: stepMemory, lastLine: lastLine)
        }
        if let module = Self.modules(listedIn: importList).first(where: { !ModuleWall.allowedImports.contains($0) })
            ?? wall.forbiddenImports(inTrace: trace)?.first {
            return "\(job.sourceName): error: an exercise may not import \(module); it may import \(ModuleWall.allowedImports.sorted().joined(separator: ", "))"
        }
        if let refusal = objectRefusal(of: job, text: text, module: learnerModule, symbols: symbolList, sections: sectionList, autolink: autolinkList) {
            return refusal
        }

        let linking = programPlan?.commands(forTarget: job.targetName, temporary: folder)
            ?? [[swiftc] + Self.programArguments(target: job.targetName, jobs: folder.deletingLastPathComponent(), buildFolder: buildFolder,
                                                 commonFlags: programFlags, maps: programMaps)]
        let linked: ChildProcess.Result
        let linkStarted = GradingTimings.now()
        let linkStep = step(linking, for: job)
        if let timings {
            let seconds = GradingTimings.now() - linkStarted
            timings.update(job.timingName) { $0.linkStep = seconds }
        }
        switch linkStep {
        case .failure(let error): return error.message
        case .success(let result): linked = result
        }
        if linked.termination == .timedOut {
            return "\(job.sourceName): error: compiling the check against your code took longer than \(Int(compileTimeLimit)) s; look for types that nest without end"
        }
        if !linked.succeeded { return Self.firstError(linked, job: job, wall: false, memoryLimit: stepMemory) }
        if let built = ProgramFingerprint(program) { try? Data((key + "\u{0}" + built.record).utf8).write(to: keyFile) }
        return nil
    }

    /// Empties a job's folder of everything but its program, once its build has ended: the
    /// linker obeys flags an object file carries, and some write side files where they
    /// are told (`--reproduce` writes a tar of every input, the kit and the toolchain's
    /// libraries included, tens of megabytes a job); a refused file's object and module are
    /// of no more use. The program is all the check runs.
    static func keepOnlyProgram(in folder: URL) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name != "program" {
            TreeRemoval.remove(folder.appendingPathComponent(name))
        }
    }

    /// Fills the compiler's module cache, which every sandboxed step reads but none may
    /// write (else one job could plant what another loads): builds `exercise`'s stub once,
    /// outside the sandbox, when the cache was not yet filled for this kit and wall. A stub
    /// that does not build leaves the cache as it is: the learners' own compiles then say
    /// what is wrong.
    func warmModuleCache(with exercise: Exercise) {
        let stamp = wall.moduleCache.appendingPathComponent(".warmed")
        let expected = Data([kitStamp, wall.directory.path, learnerMaps.map(\.path).joined(separator: ":")].joined(separator: "\n").utf8)
        guard FileManager.default.contents(atPath: stamp.path) != expected else { return }
        let stub = GradingJob(exercise: exercise, file: kit.workspace.url(exercise.stubPath), displayPath: exercise.stubPath, group: "ModuleCacheWarmer")
        // Outside the sandbox, as the workbook's own user: the stub is the workbook's, not a learner's.
        let warmer = ExerciseCompiler(kit: kit, wall: wall, exercises: [exercise], compileTimeLimit: 300, sandbox: Sandbox(kind: .none(reason: "the workbook's own stub")),
                                      budget: StudentBudget(secondsPerStudent: 600), runProgram: runProgram)
        let text = (try? String(contentsOf: stub.file, encoding: .utf8)) ?? ""
        let failed = warmer.build(stub, text: text) != nil
        try? FileManager.default.createDirectory(at: wall.moduleCache, withIntermediateDirectories: true)
        Self.makeReadableByAll(wall.moduleCache)
        if !failed { try? expected.write(to: stamp) }
    }

    /// Opens `folder` and everything in it to reading by every user (the compiler makes its
    /// cache's folders private to their owner).
    static func makeReadableByAll(_ folder: URL) {
        let manager = FileManager.default
        var paths = [folder.path]
        if let walker = manager.enumerator(atPath: folder.path) {
            for case let path as String in walker { paths.append(folder.appendingPathComponent(path).path) }
        }
        for path in paths {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFLNK else { continue }
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            _ = chmod(path, (info.st_mode & 0o7777) | S_IROTH | S_IRGRP | (isFolder ? S_IXOTH | S_IXGRP : 0))
        }
    }

    /// The memory each compiler step may hold.
    private var stepMemory: Int { min(Sandbox.Limits.compiling(seconds: 1).memoryBytes, sandbox.memoryPerRun) }

    /// `process` wrapped as a compile step in `folder` is (``GradingTimings``' measure of
    /// an empty step): the same limits, readable folders and writable folder.
    func emptyStep(_ process: ChildProcess, in folder: URL) -> ChildProcess {
        sandbox.wrap(process, limits: .compiling(seconds: compileTimeLimit), readable: readable, writable: [folder])
    }

    /// Why a step did not run: its one-line error.
    struct StepRefused: Error {
        var message: String
    }

    /// Runs `commands` (each a tool, then its arguments) one after another on `job`'s files,
    /// in the sandbox, within the step's time limit and what is left of the student's budget.
    private func step(_ commands: [[String]], for job: GradingJob) -> Result<ChildProcess.Result, StepRefused> {
        guard let seconds = budget.grant(upTo: compileTimeLimit, to: job.group) else {
            return .failure(StepRefused(message: "\(job.sourceName): error: not compiled: this student's compile budget (\(Int(budget.secondsPerStudent)) s in all) is spent"))
        }
        let folder = folder(of: job)
        let process = commands.count == 1
            ? ChildProcess(commands[0][0], Array(commands[0].dropFirst()), workingDirectory: folder, timeout: seconds)
            : ChildProcess.sequence(commands, workingDirectory: folder, timeout: seconds)
        let sandboxed = sandbox.wrap(process, limits: .compiling(seconds: seconds), readable: readable, writable: [folder])
        let started = Date()
        let result = try? runProgram(sandboxed)
        budget.finish(granted: seconds, used: Date().timeIntervalSince(started), by: job.group)
        guard var result else {
            return .failure(StepRefused(message: "\(job.sourceName): error: the compiler could not be started"))
        }
        if result.termination == .timedOut && seconds < compileTimeLimit {
            return .failure(StepRefused(message: "\(job.sourceName): error: compiling stopped after \(Int(seconds)) s, when this student's compile budget (\(Int(budget.secondsPerStudent)) s in all) ran out"))
        }
        if case .exited(let status) = result.termination, status >= 129 {
            result.termination = .signalled(status - 128)
        }
        return .success(result)
    }

    /// The command that lists the modules the learner's file imports, its `#if` blocks
    /// decided as its compile decides them (same flags, same wall, same module maps), run
    /// first in the compile's sandboxed step. The screen reads the compiler's parse, which
    /// leaves every `#if` block out, and the compile's module trace names Swift modules
    /// only: this list also holds the C modules and those behind an `#if`.
    private func importListing(of exercise: URL, module: String, into list: URL) -> [String] {
        frontend + ["-emit-imported-modules", exercise.path, "-module-name", module, "-o", list.path, "-I", wall.directory.path]
            + commonFlags + Self.flags(for: learnerMaps)
    }

    /// The command that lists what the learner's object holds, run last in the compile's
    /// sandboxed step: the symbols it leaves for the linker (what it uses of other modules),
    /// demangled, into `symbols` (``BorrowedWork``); its sections into `sections`, and its
    /// autolink entries into `autolink` (``LinkerRequests``).
    private func objectListing(of object: URL, symbols: URL, sections: URL, autolink: URL) -> [String] {
        let bin = (sandbox.toolchain ?? Toolchain.current)?.folder.appendingPathComponent("bin")
        func tool(_ name: String) -> String { bin?.appendingPathComponent(name).path ?? name }
        let script = #""$1" --undefined-only --just-symbol-name "$2" > "$4.mangled" && "$3" < "$4.mangled" > "$4" && "$5" -h "$2" > "$6" && "$5" -s -j .swift1_autolink_entries "$2" > "$7""#
        return ["/bin/sh", "-c", script, "sh", tool("llvm-nm"), object.path, tool("swift-demangle"), symbols.path, tool("llvm-objdump"), sections.path, autolink.path]
    }

    /// Why the learner's compiled object is refused, from the listings its step wrote (each
    /// read as a plain file of bounded size): a lookup by name, what the exercise asks the
    /// learner to write themselves, code before `main`, a linker flag. Nil when none.
    private func objectRefusal(of job: GradingJob, text: String, module: String, symbols: URL, sections: URL, autolink: URL) -> String? {
        func read(_ file: URL, limit: Int) -> String? {
            guard case .success(let data) = PlainFile.read(file, limit: limit) else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
        guard let used = read(symbols, limit: BorrowedWork.listingLimit), let sectionTable = read(sections, limit: LinkerRequests.listingLimit),
              let autolinkDump = read(autolink, limit: LinkerRequests.listingLimit) else {
            return "\(job.sourceName): error: the workbook could not list what your compiled file uses, so it cannot grade it"
        }
        if let lookup = BorrowedWork.firstLookupByName(in: used) {
            return "\(job.sourceName): error: your file looks a type or a symbol up by its name at run time (\(lookup)), which no exercise needs"
        }
        if let unnamed = BorrowedWork.firstUnnamed(in: used) {
            return "\(job.sourceName): error: your compiled file uses a symbol the workbook cannot name (\(LearnerText.line(String(unnamed.prefix(80))))), so it cannot tell whether the exercise allows it"
        }
        let names = BorrowedWork.usedNames(in: used, ownModule: module)
        try? Data(names.map(\.description).joined(separator: "\n").utf8).write(to: usesRecord(of: job))
        if let allowed = OwnWork.allowed(for: job.exercise) {
            let refused = BorrowedWork.disallowed(names, allowed: allowed)
            if !refused.isEmpty { return BorrowedWork.refusal(refused, for: job.exercise, sourceName: job.sourceName, text: text) }
        }
        if let refusal = LinkerRequests.sectionRefusal(sectionTable) ?? LinkerRequests.autolinkRefusal(autolinkDump) {
            return "\(job.sourceName): error: \(refusal)"
        }
        return nil
    }

    /// The modules in a list ``importListing(of:module:into:)`` wrote, one a line; none
    /// when there is no such plain file.
    private static func modules(listedIn list: URL) -> [String] {
        guard case .success(let data) = PlainFile.read(list, limit: 1 << 16) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func flags(for maps: [URL]) -> [String] {
        maps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
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
    private static func firstError(_ result: ChildProcess.Result, job: GradingJob, wall: Bool, memoryLimit: Int, lastLine: Int = 1) -> String {
        let output = result.standardOutput + "\n" + result.standardError
        var diagnostics = CompilerDiagnostic.errors(in: output)
        if wall {
            // An error at the end of the file (a missing `}`) is placed after the last token,
            // where `#sourceLocation` maps nothing: the compiler names the copy the step
            // compiles, past the learner's text. It is the learner's last line.
            for index in diagnostics.indices where diagnostics[index].file.hasSuffix("/Exercise.swift") {
                diagnostics[index].file = job.sourceName
                diagnostics[index].line = min(max(1, diagnostics[index].line - 1), lastLine)
                diagnostics[index].column = nil
            }
        }
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
        if output.contains("signal 9") || output.contains("Killed") || result.termination == .signalled(SIGKILL) {
            return "\(job.sourceName): error: the compiler ran out of memory on this file (its limit is \(memoryLimit >> 20) MiB); look for types that nest without end"
        }
        let line = output.unicodeScalars.split(separator: "\n").map { String(String.UnicodeScalarView($0)) }
            .first { $0.contains("error") }.map { $0.trimmingCharacters(in: .whitespaces) }
        if !wall, let line { return "\(job.sourceName): error: it compiles but does not link: \(line)" }
        return "\(job.sourceName): error: \(line ?? "the compiler failed (\(result.termination))")"
    }
}
