import WorkbookBasics
import ExerciseCatalog
import Foundation
import ChildProcesses
import FileFingerprints

/// What every grading program links, as one dynamic library: the driver and everything a
/// learner's file may import (the library, OpenCombine, CombineSchedulers), and no check.
///
/// It is the workbook's own product `_GradingKitPrebuilt`, in the workbook's own build
/// folder, so it is built from the workbook's tracked sources only, outside the sandbox, and
/// from the objects `swift run`, `swift build` or `swift test` already compiled there:
/// exercise files never enter it (``ExerciseCompiler`` compiles each one on its own,
/// against ``ModuleWall``).
///
/// Grading decides itself whether the library is current, by the digest of its inputs
/// (``KitInputs``) and which file the library is, recorded in `.workbook/grade/` when it
/// was last made current: not by dates, which a checkout, a copy or a clock sets. When it is
/// not, grading asks SwiftPM to build the product (`swift build --product`), which compiles
/// only what changed. One case cannot ask SwiftPM: grading while a build holds the build
/// folder's lock (``BuildFolderLock``), above all inside the workbook's own `swift test`,
/// where a `swift build` would wait for itself. That build has linked the library, so it
/// is taken when nothing it is made of is newer than it; otherwise grading stops with a
/// one-line error.
/// Everything is decided under the ``GradingLock``, so a class of any size, and every later
/// check, links the same library.
struct GradingKit: Sendable {
    let workspace: ExerciseWorkspace

    /// The workbook's product (Package.swift): a dynamic library of `ExerciseDriver` and
    /// everything it depends on.
    static let productName = "_GradingKitPrebuilt"

    /// What `swift build` is asked for: the settings are part of the kit's inputs.
    static let buildArguments = ["build", "--configuration", "debug", "--product", productName]

    /// What grading keeps beside the kit: the record of its inputs, file digests, the wall,
    /// the module cache and each job's folder.
    var directory: URL { workspace.url(".workbook/grade") }

    /// The workbook's build folder, holding the kit's library and the modules.
    var buildFolder: URL { KitBuild.debugFolder(in: workspace.url(".build")) }
    var modules: URL { buildFolder.appendingPathComponent("Modules") }
    var dynamicLibrary: URL { Self.dynamicLibrary(in: buildFolder) }
    /// SwiftPM's list of the objects it linked into the library, one path a line.
    var linkedObjectList: URL { KitBuild.linkFileList(of: Self.productName, in: buildFolder) }

    /// The digest of the kit's inputs and the workbook targets in it.
    var inputs: KitInputs {
        KitInputs(workspace: workspace, kitDirectory: directory, toolchain: Toolchain.current, buildArguments: Self.buildArguments)
    }

    /// Which kit the programs, the wall and the module cache were made with: the digest of
    /// its inputs and which file its library is (a library built again from the same
    /// inputs is still another file). Nil before the kit was first made current.
    var identity: String? {
        guard let record = inputs.recorded(), let built = ProgramFingerprint(dynamicLibrary), record.library == built.record else { return nil }
        return record.digest + " " + built.record
    }

    /// The kit's dynamic library in a build folder, by the name every program links.
    static func dynamicLibrary(in folder: URL) -> URL {
        KitBuild.dynamicLibrary(product: productName, in: folder)
    }

    /// The module maps of the C modules the kit's modules may need (``CModuleMaps``).
    var cModuleMaps: [URL] {
        CModuleMaps.find(buildFolder: buildFolder, checkouts: workspace.url(".build/checkouts"), packageRoot: workspace.root)
    }

    /// File digests between gradings, so that deciding the kit is current reads only the
    /// files that may have changed.
    private var digestCache: URL { directory.appendingPathComponent("file-digests") }

    /// The workbook targets the library holds, read from SwiftPM's list of its objects
    /// (`<build>/<Target>.build/<file>.o`): those with a folder in `Sources/`.
    func linkedTargets() -> [String] {
        linkedObjects().targets
    }

    /// What SwiftPM's list of the library's objects says, with the workbook targets among
    /// their folders.
    func linkedObjects() -> (paths: [URL], targets: [String], inThisFolder: Bool) {
        let objects = KitBuild.linkedObjects(of: Self.productName, in: buildFolder)
        return (objects.paths, inputs.workbookTargets(among: objects.folders), objects.inThisFolder)
    }

    /// Whether the library is what this build folder's objects make: SwiftPM's list of them
    /// names this folder (not another that the `.build` was copied from) and the driver, and
    /// none of them is newer than the library. An object compiled again since the link
    /// (`swift run` after an edit, then the edit undone: the sources are as recorded, the
    /// objects are not what the library holds) is not.
    func isLinkedFromItsObjects() -> Bool {
        guard let linked = KitBuild.modificationDate(of: dynamicLibrary) else { return false }
        let objects = linkedObjects()
        guard !objects.paths.isEmpty, objects.inThisFolder, objects.targets.contains(Self.driverTarget) else { return false }
        return !objects.paths.contains { (KitBuild.modificationDate(of: $0) ?? .distantFuture) > linked }
    }

    /// The target the product is made of: a list of objects without it is no kit.
    static let driverTarget = "ExerciseDriver"

    /// Makes the kit current: takes the library when the digest of its inputs and the
    /// library are those recorded and it is linked from its objects, else builds it (or,
    /// inside the workbook's own build, takes the library that build just linked).
    func prepare(timeLimit: Double, log: (String) -> Void, runProgram: ChildProcess.Runner,
                 progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) throws {
        Self.removeOldPackage(in: directory)
        let inputs = inputs
        var digests = FileDigests(cacheFile: digestCache)
        defer { digests.save() }
        if let record = inputs.recorded(), let built = ProgramFingerprint(dynamicLibrary), record.library == built.record,
           record.targets.contains(Self.driverTarget), isLinkedFromItsObjects(),
           record.digest == inputs.digest(targets: record.targets, { digests.digest(ofFileAt: $0) }) {
            return
        }
        // Read before the build: a file edited while it runs then differs from the record,
        // and the next grading builds again.
        var before: [String: String] = [:]
        for path in inputs.allSourceFiles() + inputs.files(targets: []).map(\.path) {
            before[path] = digests.digest(ofFileAt: path)
        }
        try? FileManager.default.removeItem(at: inputs.recordFile)
        let lock = BuildFolderLock(buildFolder: workspace.url(".build"))
        if lock.isHeld {
            try takeWhatThisBuildLinked(lock: lock)
        } else {
            if let note = lock.waitingNote { log(note) }
            try build(timeLimit: timeLimit, log: log, runProgram: runProgram, progress: progress)
        }
        guard let built = ProgramFingerprint(dynamicLibrary) else {
            throw WorkbookError("`swift build` left no \(dynamicLibrary.lastPathComponent) in \(buildFolder.path)")
        }
        guard isLinkedFromItsObjects() else {
            throw WorkbookError("\(dynamicLibrary.path) is not linked from the objects SwiftPM lists for it in this build folder (\(linkedObjectList.path)); remove \(buildFolder.path) and grade again")
        }
        let targets = linkedTargets()
        let digest = inputs.digest(targets: targets) { before[$0] ?? FileDigests.unreadable }
        try inputs.record(KitInputs.Record(digest: digest, library: built.record, targets: targets))
        digests.keepOnly(inputs.files(targets: targets).map(\.path))
    }

    /// While SwiftPM holds the build folder's lock (inside the workbook's own `swift test`):
    /// the library that build linked, if it is linked from its objects, none compiled again
    /// since, and none of its targets' sources, the manifest or the pins changed after that
    /// build began or the library was linked, whichever came later. A file edited since is
    /// an error rather than a grade of code that is not what the workbook now says; one
    /// edited before the build began was seen by it (a manifest edit that changed nothing in
    /// the kit does not link it again).
    private func takeWhatThisBuildLinked(lock: BuildFolderLock) throws {
        guard let linked = KitBuild.modificationDate(of: dynamicLibrary) else {
            throw WorkbookError.insideTheHeldBuild("it did not build the grading kit (\(Self.productName)); run `swift build` first")
        }
        guard isLinkedFromItsObjects() else {
            throw WorkbookError.insideTheHeldBuild("the grading kit it holds is not linked from its objects (one was compiled again since, or the folder was copied); run it again")
        }
        let seen = max(linked, lock.takenAt ?? linked)
        let sources = inputs.files(targets: linkedTargets()).map(\.path)
        if let newer = sources.first(where: { (KitBuild.modificationDate(of: URL(fileURLWithPath: $0)) ?? .distantFuture) > seen }) {
            throw WorkbookError.insideTheHeldBuild("\(newer) changed after that build linked the grading kit; run it again")
        }
    }

    /// Runs `swift build --product` in the workbook; throws the first error when it fails.
    private func build(timeLimit: Double, log: (String) -> Void, runProgram: ChildProcess.Runner,
                       progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?) throws {
        log("building the grading kit in the workbook's build folder (the driver and the library, once per change to them)…")
        guard let failure = try KitBuild.run(Self.buildArguments + ["--package-path", workspace.root.path], timeLimit: timeLimit,
                                             progress: progress, using: runProgram) else { return }
        if failure.timedOut {
            throw WorkbookError("`swift build` of the grading kit took more than \(Int(timeLimit)) s and was stopped")
        }
        if failure.output.contains("was compiled with module cache path") {
            throw WorkbookError("the workbook's build folder was copied from another folder (its module cache names that folder); remove \(buildFolder.appendingPathComponent("ModuleCache").path) and grade again")
        }
        throw WorkbookError("the workbook itself does not build, so no exercise can be graded: \(failure.reason)")
    }

    /// Checks that the library is still the file grading started with and that nothing it
    /// is made of was compiled again meanwhile: a `swift build` or `swift run` in the
    /// workbook while a class is graded would otherwise hand later programs another kit.
    func confirmUnchanged(since identity: String?) throws {
        guard let identity, identity == self.identity else {
            throw WorkbookError("the workbook's grading kit was built again while this grading ran (a `swift build` or `swift run` in the workbook); grade again")
        }
        guard isLinkedFromItsObjects() else {
            throw WorkbookError("the workbook's library was compiled again while this grading ran (a `swift build` or `swift run` in the workbook); grade again")
        }
    }

    /// Frees what the kit's own package, which earlier versions of the workbook built under
    /// `.workbook/grade/`, left there: its build folder alone holds a second OpenCombine.
    private static func removeOldPackage(in directory: URL) {
        for leftover in [".build", "Package.swift", "Package.resolved", "Sources"] {
            let url = directory.appendingPathComponent(leftover)
            if FileManager.default.fileExists(atPath: url.path) { try? FileManager.default.removeItem(at: url) }
        }
    }
}
