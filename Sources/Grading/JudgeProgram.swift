import ExerciseCatalog
import FileFingerprints
import Foundation
import ChildProcesses
import WorkbookBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The judge: the program `workbook-judge`, which grading starts beside each grading program
/// (``CheckRunner``), outside the learner's sandbox, to run the exercise's check and write
/// the verdict.
///
/// It is a product of its own, in the workbook's build folder beside `workbook`, so that the
/// learner's first `swift run workbook` does not compile the checks: grading builds it, with
/// the grading kit, the first time it grades (``prepare(timeLimit:log:progress:)``). Anything
/// that grades (the `workbook` command, the package's tests) is built into that folder, so
/// the judge is the `workbook-judge` found there or a folder or two above (on macOS, tests
/// are a bundle in it).
///
/// The checks decide every grade, so a judge older than its checks would grade by rules the
/// workbook no longer has. After `swift build` has made it current, grading records which
/// files the judge and its inputs were then (``stamp(packageRoot:)``: the judge, its objects,
/// the sources of the workbook's targets in it, the manifest and the pins, each by inode,
/// size and dates); while that holds, it is current without asking SwiftPM. Any change to
/// any of them, an edit or a touch, asks SwiftPM again, which decides by its own rules.
/// Only a maintainer can change them: they are the workbook's tracked sources and build.
struct JudgeProgram {
    static let name = "workbook-judge"

    /// The judge beside the running program (``find(beside:)``).
    static var path: String {
        find(beside: URL(fileURLWithPath: CurrentExecutable.path))
    }

    /// The judge in the build folder of `executable`: beside it, or a folder or two above
    /// it inside that build folder (on macOS the tests are a bundle in it), and only a
    /// regular executable file. Never above the build folder, where anyone who can write
    /// beside the workbook could plant one: when there is none, the path beside
    /// `executable`, where grading builds it.
    static func find(beside executable: URL) -> String {
        let beside = executable.deletingLastPathComponent()
        var directory = beside
        while directory.pathComponents.contains(".build") {
            let candidate = directory.appendingPathComponent(name).path
            var status = stat()
            if lstat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
            if directory.lastPathComponent == ".build" { break }
            directory.deleteLastPathComponent()
        }
        return beside.appendingPathComponent(name).path
    }

    /// The configuration of the build folder the judge is in (`debug` or `release`): what
    /// `swift build` is asked for, so that a release `workbook` keeps its own judge current.
    var configuration: String {
        KitBuild.configuration(of: program.deletingLastPathComponent())
    }

    let program: URL

    init(path: String) {
        program = URL(fileURLWithPath: path)
    }

    /// The judge as a program of the build folder, with the rule that says it is current (``BuiltProduct``).
    private var product: BuiltProduct { BuiltProduct(program: program, target: Self.target) }

    /// What the judge is made of: its objects (SwiftPM's list of them, which must name this
    /// build folder and the judge's own target), the sources of the workbook's targets among
    /// them, the manifest and the pins. Nil when the list is not the judge's of this folder.
    func inputs(packageRoot root: URL) -> [URL]? {
        product.inputs(packageRoot: root).map { $0.objects + $0.others }
    }

    /// The target the judge is made of: a list of objects without it is no judge.
    static let target = "ExerciseJudge"

    /// Which files the judge and its inputs are now, as one SHA-256; nil when it cannot be said.
    func stamp(packageRoot root: URL) -> String? {
        product.stamp(packageRoot: root)
    }

    /// Where the stamp of the judge's last `swift build` is kept, one per configuration.
    func stampFile(packageRoot root: URL) -> URL {
        root.appendingPathComponent(".workbook/grade/judge-stamp" + (configuration == "debug" ? "" : "-" + configuration))
    }

    /// What is asked inside a build that holds the build folder's lock, which has built the
    /// judge: whether it is linked from its objects, none compiled again since, and none of
    /// its other inputs changed after that build began (`since`) or the judge was linked,
    /// whichever came later. (A manifest edited before the build began, which changed
    /// nothing in the judge, links nothing again: that build saw it.)
    func isCurrentForTheBuild(since began: Date?, packageRoot root: URL) -> Bool {
        guard let built = KitBuild.modificationDate(of: program), let inputs = product.inputs(packageRoot: root) else { return false }
        let seen = max(built, began ?? built)
        // A file that is gone is newer than anything: its judge cannot be told current.
        func isNewer(_ file: URL, than date: Date) -> Bool { (KitBuild.modificationDate(of: file) ?? .distantFuture) > date }
        return !inputs.objects.contains { isNewer($0, than: built) } && !inputs.others.contains { isNewer($0, than: seen) }
    }

    /// Makes the judge current: builds it with `swift build --product` in the package whose
    /// build folder holds it when anything it is made of is newer. Inside the workbook's own
    /// `swift test`, which holds the build folder's lock and has built it, it must be current
    /// already.
    func prepare(timeLimit: Double, log: (String) -> Void, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) throws {
        // The workbook's own build folder, where its sources are: else (an installed judge,
        // or one in the build folder of a package that depends on the workbook) it is taken
        // as it is.
        guard let root = KitBuild.packageRoot(of: program),
              FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/\(Self.target)").path) else {
            guard FileManager.default.isExecutableFile(atPath: program.path) else {
                throw WorkbookError("the judge of the checks, \(program.path), is not there; run `swift build --product \(Self.name)` in the workbook")
            }
            return
        }
        let stampFile = stampFile(packageRoot: root)
        let recorded = try? String(contentsOf: stampFile, encoding: .utf8)
        if let stamp = stamp(packageRoot: root), recorded == stamp { return }
        let lock = BuildFolderLock(buildFolder: root.appendingPathComponent(".build"))
        if lock.isHeld {
            guard FileManager.default.isExecutableFile(atPath: program.path) else {
                throw WorkbookError.insideTheHeldBuild("it did not build the judge of the checks (\(program.path)); run `swift build` first")
            }
            guard isCurrentForTheBuild(since: lock.takenAt, packageRoot: root) else {
                throw WorkbookError.insideTheHeldBuild("the judge of the checks (\(program.path)) is older than what it is made of; run it again")
            }
            return
        }
        if let note = lock.waitingNote { log(note) }
        log("making the judge of the checks current in the workbook's build folder (it is built once per change to them)…")
        if let failure = try KitBuild.run(["build", "--package-path", root.path, "--configuration", configuration, "--product", Self.name], timeLimit: timeLimit, progress: progress) {
            throw WorkbookError("the judge of the checks (\(Self.name)) does not build, so no exercise can be graded: \(failure.reason)")
        }
        guard let stamp = stamp(packageRoot: root) else {
            throw WorkbookError("`swift build` left no judge of the checks linked from this build folder's objects (\(program.path)); remove \(root.appendingPathComponent(".build").path) and grade again")
        }
        try FileWriting.writeIfChanged(stamp, to: stampFile)
    }
}
